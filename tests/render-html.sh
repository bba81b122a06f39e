#!/usr/bin/env bash
# Render the HTML roster sheet of a 10-model roster in headless Chromium: a PNG to look at and a
# PDF whose page count must be 1 (A4 and Letter). Needs Debian's `chromium` package; not run in CI.
# Usage: tests/render-html.sh [roster.toml] [out-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
roster=${1:-tests/fixtures/ten-models.toml}
out=${2:-target/render}
mkdir -p "$out"
cargo run -q -- print "$roster" --format html -o "$out/sheet.html" --force || true
chrome=(chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run
        --disable-background-networking --disable-component-update --disable-sync
        --user-data-dir="$(mktemp -d)")
"${chrome[@]}" --window-size=794,1123 --screenshot="$out/sheet.png" "file://$PWD/$out/sheet.html" 2>/dev/null
status=0
for paper in A4 Letter; do
  css="$out/page-$paper.css"
  sed "s/@page { size: auto;/@page { size: $paper;/" "$out/sheet.html" > "$out/sheet-$paper.html"
  "${chrome[@]}" --no-pdf-header-footer --print-to-pdf="$out/sheet-$paper.pdf" "file://$PWD/$out/sheet-$paper.html" 2>/dev/null
  pages=$(grep -a -c "/Type /Page$\|/Type /Page[^s]" "$out/sheet-$paper.pdf" || true)
  echo "$paper: $pages page(s)"
  [ "$pages" = 1 ] || status=1
  rm -f "$css"
done
echo "screenshot: $out/sheet.png"
exit $status
