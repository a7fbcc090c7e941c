#!/usr/bin/env bash
# Loads a sepax report.html in headless Debian chromium, in a 1400x900
# window, and checks what the page's own check script recorded on <body>
# once loaded: every <img> (plot) decoded with a non-zero width, as many
# images as the generator embedded, no script error, every table made
# sortable, and the summary table whole on the first screen (its top and
# bottom inside the window). Exits 0 only then; otherwise prints the reason.
# With SCREENSHOT=FILE.png it also saves that first screen.
#   usage: reports/tests/html_in_chromium.sh REPORT.html
set -euo pipefail

if [ "$#" -ne 1 ]; then
  echo "usage: $0 REPORT.html" >&2
  exit 2
fi
report=$1
if [ ! -f "$report" ]; then
  echo "html_in_chromium: FAIL: $report does not exist" >&2
  exit 1
fi
chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  echo "html_in_chromium: FAIL: $chromium not found (apt-get install chromium; scripts/setup.sh does)" >&2
  exit 1
fi

url="file://$(realpath "$report")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A fresh profile, and nothing that talks to the network: the page must work
# offline. --virtual-time-budget lets the load event and its handler run
# before the DOM is dumped.
status=0
timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --disable-dev-shm-usage --virtual-time-budget=10000 --window-size=1400,900 --hide-scrollbars \
  --user-data-dir="$work/profile" --dump-dom "$url" >"$work/dom.html" 2>"$work/stderr" || status=$?
if [ "$status" -ne 0 ]; then
  echo "html_in_chromium: FAIL: chromium exited with status $status on $url; its stderr:" >&2
  tail -n 20 "$work/stderr" >&2
  exit 1
fi

# The body's attributes, one per line (whatever order chromium writes them in).
body=$(grep -o '<body[^>]*>' "$work/dom.html" | head -n 1 || true)
attr() { printf '%s\n' "$body" | grep -o "$1=\"[^\"]*\"" | head -n 1 | sed 's/^[^"]*"//; s/"$//' || true; }

if [ -z "$body" ]; then
  echo "html_in_chromium: FAIL: no <body> in chromium's DOM dump of $url" >&2
  exit 1
fi
if [ "$(attr data-check)" != "done" ]; then
  echo "html_in_chromium: FAIL: the page's check script did not run (no data-check=\"done\" on <body>)" >&2
  exit 1
fi
expected=$(attr data-plots-expected)
total=$(attr data-plots-total)
loaded=$(attr data-plots-loaded)
errors=$(attr data-errors)
messages=$(attr data-error-messages)

fail=0
if [ -z "$total" ] || [ "$total" -eq 0 ]; then
  echo "html_in_chromium: FAIL: the page has no plot images" >&2; fail=1
fi
if [ -n "$expected" ] && [ "$total" != "$expected" ]; then
  echo "html_in_chromium: FAIL: $total images in the page, the generator embedded $expected" >&2; fail=1
fi
if [ "$loaded" != "$total" ]; then
  echo "html_in_chromium: FAIL: only $loaded of $total plot images loaded (broken or missing image data)" >&2; fail=1
fi
if [ "$errors" != "0" ]; then
  echo "html_in_chromium: FAIL: $errors script error(s): $messages" >&2; fail=1
fi
top=$(attr data-summary-top)
bottom=$(attr data-summary-bottom)
viewport=$(attr data-viewport)
height=${viewport#*x}
if [ -z "$top" ]; then
  echo "html_in_chromium: FAIL: the page has no summary table (id summary-table)" >&2; fail=1
elif [ "$top" -lt 0 ] || [ "$bottom" -gt "$height" ]; then
  echo "html_in_chromium: FAIL: the summary table spans y=$top..$bottom, not inside the first screen ($viewport)" >&2; fail=1
fi
if [ "$(attr data-tables-sortable)" = "0" ]; then
  echo "html_in_chromium: FAIL: the sorting script made no table sortable" >&2; fail=1
fi
if [ "$fail" -ne 0 ]; then
  exit 1
fi
if [ -n "${SCREENSHOT:-}" ]; then
  timeout 60 "$chromium" --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
    --disable-dev-shm-usage --window-size=1400,900 --hide-scrollbars --user-data-dir="$work/profile2" \
    --screenshot="$SCREENSHOT" "$url" >/dev/null 2>&1 || echo "html_in_chromium: note: no screenshot written" >&2
fi
echo "html_in_chromium: OK: $loaded of $total plots loaded, no script errors, summary table at y=$top..$bottom of $viewport ($report)"
