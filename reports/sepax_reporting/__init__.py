"""The sepax speed-versus-robustness report, run through
reports/sepax_report.py (the command line `sepax report` calls).

Modules, from the inputs to the files written:
- vocabulary: queries, families, sets, modes, scalars; what a kernel id says
- fields: InputError and the typed field getters (errors name FILE:LINE)
- model: StaticStats, MovingStats, BenchStats, Source, Dataset
- verify_input: `sepax verify` rows (verify.jsonl, summary.md)
- benchmark_input: Google Benchmark JSON
- inputs: which reader each INPUT gets (load_inputs)
- document: blocks (Heading, Para, Table, Image) rendered as Markdown and HTML
- formatting: cells at fixed precision, kernel ids and origins
- tables: the tables of every section
- findings/: failure and boundary classes, severity and cause, the
  per-library severity table (severity_by_library.json), mutation score
- plotting/: matplotlib figures as PNG bytes
- rendering/: the HTML page and --latex
- report: the sections in order, the files written, main()
"""
