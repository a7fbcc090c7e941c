"""The report's renderings beyond Markdown: the self-contained HTML page
(html_page, with report_page.css and report_page.js inline) and --latex."""
