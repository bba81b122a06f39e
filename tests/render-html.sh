#!/usr/bin/env bash
# The pages a player looks at, checked in a real browser (headless Chromium, Debian's `chromium`):
#   - the play sheet of a 10-entry and a 20-entry roster prints on one A4 and one Letter page;
#   - with `--card back` the card moves to a second page;
#   - the model cards print nine to a page (A4 and Letter);
#   - a screenshot of each is not blank;
#   - the Samurai 1550-1600 army sheet and the Heroic Samurai contingent sheet print on one or two
#     A4 pages; the L5R battle sheet on one to three, its players' copy hiding hidden effects;
#   - a generated table's SVG renders with its table, terrain and deployment zones in colour;
#   - a game's replay page draws both sides' models on the table, and steps to a later turn;
#   - the simulation reports (a pairing, a field, an L5R battle) draw their charts in colour, load
#     nothing from outside the page, and the pairing's page holds the replay of its logged game.
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
# one_or_two_pages NAME: $out/NAME.html prints on one or two A4 pages (a sheet and its card).
# pages_between NAME LO HI: $out/NAME.html prints on LO to HI A4 pages.
pages_between() {
  local pages
  pages=$(pdf "$1" A4)
  if [ "$pages" -ge "$2" ] 2>/dev/null && [ "$pages" -le "$3" ]; then
    echo "ok   $1 sheet on A4: $pages page(s)"
    passed=$((passed + 1))
  else
    echo "FAIL $1 sheet on A4: ${pages:-no} page(s), expected $2 to $3"
    status=1
    failed=$((failed + 1))
  fi
}
one_or_two_pages() { pages_between "$1" 1 2; }
# The Samurai 1550-1600 army sheet: one page or two on A4 (sheet and card), with ink on it.
"$bin" print examples/samurai-1550-1600/takeda.toml --format html -o "$out/army.html" --force 2>/dev/null || true
one_or_two_pages army
not_blank army
# The Heroic Samurai contingent sheet: one or two A4 pages (sheet and card), with ink on it.
"$bin" print examples/heroic-samurai/kono.toml --format html -o "$out/contingent.html" --force 2>/dev/null || true
one_or_two_pages contingent
not_blank contingent
# The L5R battle sheet: the GM's copy prints on at most three A4 pages, with ink on it; the
# players' copy hides the hidden Traps behind "???".
"$bin" print examples/l5r-mass-battle/castle-gate.toml --format html -o "$out/battle.html" --force 2>/dev/null || true
pages_between battle 1 3
not_blank battle
"$bin" print examples/l5r-mass-battle/castle-gate.toml --players --format html -o "$out/battle-players.html" --force 2>/dev/null || true
"${chrome[@]}" --dump-dom "file://$PWD/$out/battle-players.html" 2>/dev/null > "$out/battle-players.dom"
if grep -q '???' "$out/battle-players.dom" && ! grep -q 'Traps 1' "$out/battle-players.dom"; then
  echo "ok   battle players' copy hides its hidden effect"
  passed=$((passed + 1))
else
  echo "FAIL battle players' copy shows a hidden effect, or no ???"
  status=1
  failed=$((failed + 1))
fi
# judge NAME VERDICT: a check passes when its verdict starts with "ok".
judge() {
  if [[ "$2" == ok* ]]; then
    echo "ok   $1 renders: $2"
    passed=$((passed + 1))
  else
    echo "FAIL $1: $2"
    status=1
    failed=$((failed + 1))
  fi
}

# table_svg NAME ARGS...: render `buntai table ARGS --format svg` and check the picture in colour:
# the table's cloth, the pieces' fills and both deployment zones are there.
table_svg() {
  local name=$1
  shift
  "$bin" table "$@" --format svg -o "$out/$name.svg" --force
  "${chrome[@]}" --window-size=1100,900 --screenshot="$out/$name.png" "file://$PWD/$out/$name.svg" 2>/dev/null
  "${chrome[@]}" --no-pdf-header-footer --print-to-pdf="$out/$name.pdf" "file://$PWD/$out/$name.svg" 2>/dev/null
  pdftoppm -r 30 -f 1 -l 1 "$out/$name.pdf" "$out/$name-shot"
  local verdict
  verdict=$(python3 - "$(ls "$out/$name-shot"*.ppm | head -1)" "$out/$name.svg" <<'PY'
import re, sys
data = open(sys.argv[1], "rb").read()
magic, width, height, maxval, pixels = data.split(maxsplit=4)
w, h = int(width), int(height)
rgb = [tuple(pixels[i:i + 3]) for i in range(0, w * h * 3, 3)]
def near(c, hex_colour, tol=40):
    r, g, b = int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16)
    return abs(c[0] - r) + abs(c[1] - g) + abs(c[2] - b) <= tol
svg = open(sys.argv[2]).read()
fills = set(re.findall(r'class="piece"[^>]*fill="(#[0-9a-f]{6})"', svg))
cloth = sum(1 for c in rgb if near(c, "#f3efe2", 12))
dark = sum(1 for c in rgb if sum(c) < 200)
# A piece's fill is drawn at 85% opacity over the cloth; a zone's tint is red or blue over it.
reddish = sum(1 for c in rgb if c[0] > c[2] + 25 and c[1] < c[0] - 10)
bluish = sum(1 for c in rgb if c[2] > c[0] + 15)
problems = []
# Zones tint the cloth (Defence deploys around the centre): some must still show plain.
if cloth < 0.05 * w * h: problems.append(f"little table cloth ({cloth} px)")
if dark < 100: problems.append(f"few dark pixels ({dark})")
if reddish < 50: problems.append("no side A zone")
if bluish < 50: problems.append("no side B zone")
print("; ".join(problems) or f"ok ({len(fills)} terrain colours, {cloth} cloth px, {dark} dark px)")
PY
)
  judge "$name" "$verdict"
}

table_svg table-250-seed-7 --points 250 --seed 7
table_svg table-duel --points 150 --seed 11 --scenario duel
table_svg table-defence --points 200 --seed 5 --scenario defence
# The replay of one Skirmish: screenshots of deployment and of turn 3 (the page reads #N).
"$bin" simulate examples/bushi-150.toml examples/koryu-150.toml --scenario skirmish --games 1 --seed 4 \
  --replay "$out/replay.html" --force >/dev/null
for frame in 0 3; do
  "${chrome[@]}" --window-size=1200,900 --screenshot="$out/replay-$frame.png" "file://$PWD/$out/replay.html#$frame" 2>/dev/null
done
"${chrome[@]}" --no-pdf-header-footer --print-to-pdf="$out/replay.pdf" "file://$PWD/$out/replay.html" 2>/dev/null
pdftoppm -r 30 -f 1 -l 1 "$out/replay.pdf" "$out/replay-shot"
verdict=$(python3 - "$(ls "$out/replay-shot"*.ppm | head -1)" "$out/replay-0.png" "$out/replay-3.png" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
magic, width, height, maxval, pixels = data.split(maxsplit=4)
w, h = int(width), int(height)
rgb = [tuple(pixels[i:i + 3]) for i in range(0, w * h * 3, 3)]
red = sum(1 for c in rgb if c[0] > 150 and c[1] < 90 and c[2] < 90)
blue = sum(1 for c in rgb if c[2] > 130 and c[0] < 90)
cloth = sum(1 for c in rgb if abs(c[0] - 0xf3) + abs(c[1] - 0xef) + abs(c[2] - 0xe2) < 20)
# The two screenshots differ: the page stepped to turn 3.
same = open(sys.argv[2], "rb").read() == open(sys.argv[3], "rb").read()
problems = []
if red < 5: problems.append("no side A models")
if blue < 5: problems.append("no side B models")
if cloth < 0.05 * w * h: problems.append("no table")
if same: problems.append("turn 3 looks like deployment")
print("; ".join(problems) or f"ok ({red} red, {blue} blue, {cloth} table px)")
PY
)
judge replay "$verdict"
# Samurai 1550-1600's replay: the grid with both sides' units on it.
"$bin" simulate examples/samurai-1550-1600/takeda.toml examples/samurai-1550-1600/oda.toml --games 1 \
  --seed 4 --replay "$out/samurai-replay.html" --force >/dev/null
"${chrome[@]}" --window-size=1000,1400 --screenshot="$out/samurai-replay.png" "file://$PWD/$out/samurai-replay.html" 2>/dev/null
"${chrome[@]}" --no-pdf-header-footer --print-to-pdf="$out/samurai-replay.pdf" "file://$PWD/$out/samurai-replay.html" 2>/dev/null
pdftoppm -r 30 -f 1 -l 1 "$out/samurai-replay.pdf" "$out/samurai-replay-shot"
verdict=$(python3 - "$(ls "$out/samurai-replay-shot"*.ppm | head -1)" "$out/samurai-replay.html" <<'PY'
import re, sys
data = open(sys.argv[1], "rb").read()
magic, width, height, maxval, pixels = data.split(maxsplit=4)
w, h = int(width), int(height)
rgb = [tuple(pixels[i:i + 3]) for i in range(0, w * h * 3, 3)]
red = sum(1 for c in rgb if c[0] > 150 and c[1] < 90 and c[2] < 90)
blue = sum(1 for c in rgb if c[2] > 130 and c[0] < 90)
ground = sum(1 for c in rgb if abs(c[0] - 0xf4) + abs(c[1] - 0xf1) + abs(c[2] - 0xe8) < 20)
html = open(sys.argv[2]).read()
problems = []
if red < 5: problems.append("no side A units")
if blue < 5: problems.append("no side B units")
if ground < 0.03 * w * h: problems.append("no grid")
if html.count("<svg") < 3: problems.append("fewer than three turns drawn")
if re.search(r'(src|href)="(https?:|//)', html): problems.append("loads something from outside")
print("; ".join(problems) or f"ok ({html.count('<svg')} grids, {red} red, {blue} blue px)")
PY
)
judge samurai-replay "$verdict"
# Heroic Samurai's replay: the Clan Feud table, terrain and both sides' bases, every turn drawn.
"$bin" simulate examples/heroic-samurai/matsuda.toml examples/heroic-samurai/kono.toml --games 1 \
  --seed 4 --replay "$out/heroic-replay.html" --force >/dev/null
"${chrome[@]}" --window-size=1200,1400 --screenshot="$out/heroic-replay.png" "file://$PWD/$out/heroic-replay.html" 2>/dev/null
"${chrome[@]}" --no-pdf-header-footer --print-to-pdf="$out/heroic-replay.pdf" "file://$PWD/$out/heroic-replay.html" 2>/dev/null
pdftoppm -r 30 -f 1 -l 1 "$out/heroic-replay.pdf" "$out/heroic-replay-shot"
verdict=$(python3 - "$(ls "$out/heroic-replay-shot"*.ppm | head -1)" "$out/heroic-replay.html" <<'PY'
import re, sys
data = open(sys.argv[1], "rb").read()
magic, width, height, maxval, pixels = data.split(maxsplit=4)
w, h = int(width), int(height)
rgb = [tuple(pixels[i:i + 3]) for i in range(0, w * h * 3, 3)]
red = sum(1 for c in rgb if c[0] > 150 and c[1] < 90 and c[2] < 90)
blue = sum(1 for c in rgb if c[2] > 130 and c[0] < 90)
cloth = sum(1 for c in rgb if abs(c[0] - 0xea) + abs(c[1] - 0xe3) + abs(c[2] - 0xcf) < 20)
woods = sum(1 for c in rgb if abs(c[0] - 0x7f) + abs(c[1] - 0xa6) + abs(c[2] - 0x6a) < 30)
html = open(sys.argv[2]).read()
problems = []
if red < 5: problems.append("no side A bases")
if blue < 5: problems.append("no side B bases")
if cloth < 0.03 * w * h: problems.append("no table")
if woods < 5: problems.append("no woods")
if html.count("<svg") < 3: problems.append("fewer than three turns drawn")
if re.search(r'(src|href)="(https?:|//)', html): problems.append("loads something from outside")
print("; ".join(problems) or f"ok ({html.count('<svg')} tables, {red} red, {blue} blue, {woods} woods px)")
PY
)
judge heroic-replay "$verdict"
"$bin" simulate examples/heroic-samurai/matsuda.toml examples/heroic-samurai/kono.toml --games 40 \
  --swap --seed 2 --report "$out/heroic-report-pair.html" --force >/dev/null
"$bin" simulate --field examples/heroic-samurai/matsuda.toml examples/heroic-samurai/kono.toml \
  examples/heroic-samurai/kono-ally.toml --games 10 --seed 2 --report "$out/heroic-report-field.html" \
  --force >/dev/null
"$bin" simulate examples/samurai-1550-1600/takeda.toml examples/samurai-1550-1600/oda.toml --games 40 \
  --swap --seed 2 --report "$out/samurai-report-pair.html" --force >/dev/null
# The reports of a pairing and of a field: charts with coloured bars, nothing loaded from outside.
"$bin" simulate examples/bushi-100.toml examples/koryu-100.toml --games 30 --swap --seed 2 \
  --report "$out/report-pair.html" --force >/dev/null
"$bin" simulate --field examples/bushi-100.toml examples/koryu-100.toml examples/sohei-100.toml \
  --games 10 --seed 2 --report "$out/report-field.html" --force >/dev/null
"$bin" simulate examples/l5r-mass-battle/castle-gate.toml --games 200 --swap --policy-b random --seed 2 \
  --report "$out/l5r-report.html" --replay "$out/l5r-replay.html" --force >/dev/null
for name in report-pair report-field samurai-report-pair heroic-report-pair heroic-report-field l5r-report l5r-replay; do
  "${chrome[@]}" --window-size=1000,2400 --screenshot="$out/$name.png" "file://$PWD/$out/$name.html" 2>/dev/null
  verdict=$(python3 - "$out/$name.png" "$out/$name.html" <<'PY'
import re, sys, zlib, struct
def pixels(path):
    data = open(path, "rb").read()
    pos, chunks, w, h = 8, b"", 0, 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, colour = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            chunks += body
        pos += 12 + n
    raw, size = zlib.decompress(chunks), 4 if colour == 6 else 3
    stride, rows, prev = w * size, [], bytearray(w * size)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - size] if i >= size else 0
            b, c = prev[i], prev[i - size] if i >= size else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line); prev = line
    return [(r[i], r[i + 1], r[i + 2]) for r in rows for i in range(0, stride, size)]
rgb = pixels(sys.argv[1])
html = open(sys.argv[2]).read()
red = sum(1 for c in rgb if c[0] > 150 and c[1] < 130 and c[2] < 130)
blue = sum(1 for c in rgb if c[2] > 130 and c[0] < 130)
problems = []
if red < 200: problems.append(f"few red chart pixels ({red})")
if blue < 200: problems.append(f"few blue chart pixels ({blue})")
if html.count("<svg") < 3: problems.append("fewer than three charts")
if re.search(r'(src|href)="(https?:|//)', html): problems.append("loads something from outside")
if "pair" in sys.argv[2] and "srcdoc=" not in html: problems.append("no embedded replay")
print("; ".join(problems) or f"ok ({html.count('<svg')} charts, {red} red, {blue} blue px)")
PY
)
  judge "$name" "$verdict"
done
echo "pages and screenshots: $out/"
echo "render: $passed passed, $failed failed"
exit $status
