#!/usr/bin/env bash
# The pages a player looks at, checked in a real browser (headless Chromium, Debian's `chromium`):
#   - the play sheet of a 10-entry and a 20-entry roster prints on one A4 and one Letter page;
#   - with `--card back` the card moves to a second page;
#   - the model cards print nine to a page (A4 and Letter);
#   - a screenshot of each is not blank.
# CI runs it (.ci/run installs chromium and poppler-utils). Usage: tests/render-html.sh [out-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/render}
mkdir -p "$out"
bin=${BUNTAI:-target/debug/buntai}
[ -x "$bin" ] || cargo build -q
chrome=(chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run
        --disable-background-networking --disable-component-update --disable-sync
        --disable-dev-shm-usage --user-data-dir="$(mktemp -d)")
status=0
passed=0
failed=0

# pdf NAME PAPER: print $out/NAME.html on PAPER to $out/NAME-PAPER.pdf and echo its page count.
pdf() {
  sed "s/@page { size: auto;/@page { size: $2;/" "$out/$1.html" > "$out/$1-$2.html"
  "${chrome[@]}" --no-pdf-header-footer --print-to-pdf="$out/$1-$2.pdf" "file://$PWD/$out/$1-$2.html" 2>/dev/null
  pdfinfo "$out/$1-$2.pdf" | awk '/^Pages:/ { print $2 }'
}

# expect NAME PAPER PAGES: the PDF has PAGES pages.
expect() {
  local pages
  pages=$(pdf "$1" "$2")
  if [ "$pages" = "$3" ]; then
    echo "ok   $1 on $2: $pages page(s)"
    passed=$((passed + 1))
  else
    echo "FAIL $1 on $2: $pages page(s), expected $3"
    status=1
    failed=$((failed + 1))
  fi
}

# not_blank NAME: a screenshot of the page has ink on it (dark pixels in the first PDF page).
not_blank() {
  pdftoppm -r 20 -f 1 -l 1 -gray "$out/$1-A4.pdf" "$out/$1-shot"
  local shot
  shot=$(ls "$out/$1-shot"*.pgm | head -1)
  local dark
  dark=$(python3 - "$shot" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
# P5 header: magic, width, height, maxval, then one byte a pixel.
parts = data.split(maxsplit=4)
pixels = parts[4]
print(sum(1 for b in pixels if b < 128))
PY
)
  if [ "$dark" -gt 200 ]; then
    echo "ok   $1 is not blank ($dark dark pixels at 20 dpi)"
    passed=$((passed + 1))
  else
    echo "FAIL $1 looks blank ($dark dark pixels)"
    status=1
    failed=$((failed + 1))
  fi
  "${chrome[@]}" --window-size=794,1123 --screenshot="$out/$1.png" "file://$PWD/$out/$1.html" 2>/dev/null
}

"$bin" print tests/fixtures/ten-models.toml --format html -o "$out/sheet-10.html" --force 2>/dev/null || true
"$bin" print tests/fixtures/twenty-entries.toml --format html -o "$out/sheet-20.html" --force 2>/dev/null || true
"$bin" print tests/fixtures/twenty-entries.toml --format html --card back -o "$out/sheet-20-back.html" --force 2>/dev/null || true
"$bin" print tests/fixtures/twenty-entries.toml --format cards -o "$out/cards-20.html" --force 2>/dev/null || true
for paper in A4 Letter; do
  expect sheet-10 "$paper" 1
  expect sheet-20 "$paper" 1
  expect sheet-20-back "$paper" 2
  expect cards-20 "$paper" 3
done
for name in sheet-10 sheet-20 cards-20; do not_blank "$name"; done
echo "pages and screenshots: $out/"
echo "render: $passed passed, $failed failed"
exit $status
