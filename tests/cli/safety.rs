//! Safe in careless and hostile hands: one regression test per defect of the reliability review
//! (D1–D19), each named after what it protects, and a property test of hostile input.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command as StdCommand, Stdio};

use predicates::prelude::*;
use proptest::prelude::*;
use tempfile::TempDir;

use crate::support::{buntai, json, repo};

fn example(name: &str) -> PathBuf {
    repo().join("examples").join(name)
}

/// A folder holding a copy of an example roster, named `file`.
fn roster_copy(example_name: &str, file: &str) -> (TempDir, PathBuf) {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join(file);
    std::fs::copy(example(example_name), &path).expect("copy");
    (dir, path)
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).expect("read")
}

fn model_entries(path: &Path) -> usize {
    String::from_utf8_lossy(&read(path))
        .lines()
        .filter(|l| l.trim() == "[[models]]")
        .count()
}

/// The binary as a plain process, for redirections assert_cmd cannot make.
fn raw() -> StdCommand {
    let mut cmd = StdCommand::new(assert_cmd::cargo::cargo_bin("buntai"));
    cmd.env("NO_COLOR", "1");
    cmd
}

// D1 -------------------------------------------------------------------------------------------

#[test]
fn simulate_log_never_overwrites_a_roster_being_simulated() {
    let (_dir, roster) = roster_copy("bushi-sample-100.toml", "mylist.toml");
    let before = read(&roster);
    for force in [false, true] {
        let mut cmd = buntai();
        cmd.args(["simulate", "--allow-unequal"])
            .arg(&roster)
            .arg(example("koryu.toml"))
            .args(["--games", "2", "--log"])
            .arg(&roster);
        if force {
            cmd.arg("--force");
        }
        cmd.assert().code(2).stderr(predicate::str::contains(
            "one of this command's input files",
        ));
        assert_eq!(read(&roster), before, "the roster is untouched");
    }
}

#[test]
fn simulate_log_refuses_an_existing_file_without_force() {
    let dir = TempDir::new().expect("dir");
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "my notes\n").expect("write");
    let simulate = |force: bool| {
        let mut cmd = buntai();
        cmd.args(["simulate", "--scenario", "tournament", "--allow-unequal"])
            .arg(example("bushi-sample-100.toml"))
            .arg(example("koryu.toml"))
            .args(["--games", "2", "--log"])
            .arg(&notes);
        if force {
            cmd.arg("--force");
        }
        cmd.assert()
    };
    simulate(false)
        .code(2)
        .stderr(predicate::str::contains("use --force"));
    assert_eq!(read(&notes), b"my notes\n");
    simulate(true).success();
    let log = String::from_utf8(read(&notes)).expect("utf-8");
    assert!(log.starts_with("{\"event\":\"match-start\""), "{log}");
}

// D2 -------------------------------------------------------------------------------------------

#[test]
fn set_keeps_the_comments_above_every_settable_key() {
    let header = "#:schema roster.schema.json\n# My Koryu -- keep this header\n";
    let text = format!(
        "{header}# the name\nname = \"Dojo\"\n# the faction\nfaction = \"koryu\"\n# the size\n\
         points = 200\n# kiai\nfearsome-kiai = 2\n\n# the school\n[koryu]\n# first weapon\n\
         primary = \"katana\"\n# others\nsecondary = []\n"
    );
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("r.toml");
    std::fs::write(&path, &text).expect("write");
    for (key, value) in [
        ("name", "Dojo of the Pine"),
        ("faction", "koryu"),
        ("points", "150"),
        ("fearsome-kiai", "0"),
        ("koryu.primary", "katana"),
        ("koryu.secondary", "bo"),
    ] {
        buntai()
            .args(["set"])
            .arg(&path)
            .args([key, value])
            .assert()
            .success();
    }
    let edited = String::from_utf8(read(&path)).expect("utf-8");
    for comment in [
        "#:schema roster.schema.json\n# My Koryu -- keep this header\n# the name\nname = ",
        "# the faction\nfaction",
        "# the size\npoints = 150",
        "# kiai\nfearsome-kiai = 0",
        "# first weapon\nprimary",
        "# others\nsecondary = [\"bo\"]",
    ] {
        assert!(edited.contains(comment), "lost `{comment}`:\n{edited}");
    }
}

// D3 -------------------------------------------------------------------------------------------

#[test]
fn twenty_parallel_edits_all_land() {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("r.toml");
    buntai()
        .args(["new", "--faction", "bushi", "--points", "2000", "-o"])
        .arg(&path)
        .assert()
        .success();
    let children: Vec<_> = (0..20)
        .map(|i| {
            raw()
                .arg("add")
                .arg(&path)
                .args(["ashigaru", "--weapon", "yari", "--name"])
                .arg(format!("m{i}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("spawn")
        })
        .collect();
    for mut child in children {
        assert!(child.wait().expect("wait").success());
    }
    assert_eq!(
        model_entries(&path),
        20,
        "every edit that said `added` is in the file"
    );
    let text = String::from_utf8(read(&path)).expect("utf-8");
    for i in 0..20 {
        assert!(
            text.contains(&format!("name = \"m{i}\"")),
            "m{i} is missing"
        );
    }
}

// D4 -------------------------------------------------------------------------------------------

#[test]
fn an_edit_through_a_symlink_changes_the_target_and_keeps_the_link() {
    let (dir, real) = roster_copy("bushi-sample-100.toml", "real.toml");
    let link = dir.path().join("link.toml");
    std::os::unix::fs::symlink("real.toml", &link).expect("symlink");
    let before = model_entries(&real);
    buntai()
        .arg("add")
        .arg(&link)
        .args(["ashigaru", "--weapon", "yari"])
        .assert()
        .success();
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("meta")
            .file_type()
            .is_symlink(),
        "the link is still a link"
    );
    assert_eq!(model_entries(&real), before + 1, "the target got the model");
}

#[test]
fn output_over_a_symlink_writes_its_target() {
    let dir = TempDir::new().expect("dir");
    std::fs::write(dir.path().join("sheet.md"), "old").expect("write");
    let link = dir.path().join("current.md");
    std::os::unix::fs::symlink("sheet.md", &link).expect("symlink");
    buntai()
        .arg("print")
        .arg(example("bushi-sample-100.toml"))
        .args(["--format", "markdown", "--force", "-o"])
        .arg(&link)
        .assert()
        .success();
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("meta")
            .file_type()
            .is_symlink()
    );
    let sheet = String::from_utf8(read(&dir.path().join("sheet.md"))).expect("utf-8");
    assert!(sheet.starts_with("# "), "{sheet}");
}

#[test]
fn fifos_devices_and_folders_are_never_replaced() {
    let dir = TempDir::new().expect("dir");
    let fifo = dir.path().join("pipe.toml");
    let made = StdCommand::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(made.success());
    let targets: [(&Path, &str); 3] = [
        (&fifo, "a FIFO"),
        (Path::new("/dev/null"), "a device"),
        (dir.path(), "a folder"),
    ];
    for (target, kind) in targets {
        buntai()
            .arg("print")
            .arg(example("bushi-sample-100.toml"))
            .args(["--force", "-o"])
            .arg(target)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(kind));
        buntai()
            .args(["set"])
            .arg(target)
            .args(["faction", "bushi"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(kind));
    }
    let fifo_kind = std::fs::symlink_metadata(&fifo).expect("meta").file_type();
    assert!(std::os::unix::fs::FileTypeExt::is_fifo(&fifo_kind));
    let null_kind = std::fs::metadata("/dev/null").expect("meta").file_type();
    assert!(std::os::unix::fs::FileTypeExt::is_char_device(&null_kind));
}

// D5 -------------------------------------------------------------------------------------------

/// A roster of `n` entries, each with an unknown weapon: `n` problems.
fn many_problems(n: usize) -> String {
    let mut text = String::from("faction = \"bushi\"\n");
    for _ in 0..n {
        text.push_str("[[models]]\nprofile = \"samurai\"\nweapons = [\"nosuch\"]\n");
    }
    text
}

#[test]
fn thousands_of_problems_show_the_first_and_count_the_rest() {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("big.toml");
    std::fs::write(&path, many_problems(3000)).expect("write");
    let text = buntai().arg("validate").arg(&path).assert().code(1);
    let stderr_and_out = String::from_utf8_lossy(&text.get_output().stdout).into_owned();
    assert!(
        stderr_and_out.contains("more problems not shown"),
        "{}",
        &stderr_and_out[stderr_and_out.len().saturating_sub(400)..]
    );
    let shown = stderr_and_out.matches("× ").count();
    assert_eq!(shown, 20, "the terminal shows the first 20");
    let output = buntai()
        .arg("validate")
        .arg(&path)
        .args(["--format", "json"])
        .output()
        .expect("run");
    let report = json(&output);
    let problems = report[0]["problems"].as_array().expect("problems").len();
    assert!(problems >= 3000, "JSON lists every problem: {problems}");
    let last = &report[0]["problems"][problems - 1];
    assert!(
        last["line"].as_u64().expect("line") > 8000,
        "late problems are located deep in the file: {last}"
    );
}

// D6 -------------------------------------------------------------------------------------------

#[test]
fn an_endless_device_is_refused_at_the_size_limit() {
    buntai()
        .args(["validate", "/dev/zero"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("larger than 4194304 bytes"));
}

#[test]
fn a_piped_input_over_the_limit_is_refused() {
    let big = "# padding\n".repeat(500_000);
    buntai()
        .args(["validate", "-"])
        .write_stdin(big)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("larger than 4194304 bytes"));
}

#[test]
fn a_roster_can_be_read_from_standard_input() {
    buntai()
        .args(["validate", "-"])
        .write_stdin(read(&example("bushi-sample-100.toml")))
        .assert()
        .success()
        .stdout(predicate::str::contains("<stdin>: LEGAL"));
    buntai()
        .args(["print", "-", "--format", "markdown"])
        .write_stdin(read(&example("bushi-sample-100.toml")))
        .assert()
        .success()
        .stdout(predicate::str::starts_with("# "));
}

// D7 -------------------------------------------------------------------------------------------

#[test]
fn simulate_refuses_a_side_no_legal_game_allows() {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("horde.toml");
    let mut text = String::from("faction = \"bushi\"\n");
    for _ in 0..3 {
        text.push_str("[[models]]\nprofile = \"ashigaru\"\ncount = 20\nweapons = [\"yari\"]\n");
    }
    std::fs::write(&path, text).expect("write");
    buntai()
        .args(["simulate", "--allow-unequal"])
        .arg(&path)
        .arg(example("koryu.toml"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("60 models").and(predicate::str::contains("20")));
}

#[test]
fn simulate_refuses_a_roster_with_unknown_models_instead_of_dropping_them() {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("typo.toml");
    let text = String::from_utf8(read(&example("bushi-sample-100.toml")))
        .expect("utf-8")
        .replacen("profile = \"samurai\"", "profile = \"samurao\"", 1);
    std::fs::write(&path, text).expect("write");
    buntai()
        .args(["simulate", "--allow-unequal"])
        .arg(&path)
        .arg(example("koryu.toml"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("samurao"));
}

// D8 -------------------------------------------------------------------------------------------

#[test]
fn a_failed_stderr_write_never_panics_and_the_edit_still_succeeds() {
    let (_dir, roster) = roster_copy("bushi-sample-100.toml", "r.toml");
    let before = model_entries(&roster);
    let full = || {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full")
    };
    let status = raw()
        .arg("add")
        .arg(&roster)
        .args(["ashigaru", "--weapon", "yari"])
        .stderr(full())
        .status()
        .expect("run");
    assert_eq!(status.code(), Some(0), "the edit was made, so it succeeded");
    assert_eq!(model_entries(&roster), before + 1);
    let status = raw()
        .args(["validate", "missing.toml"])
        .stderr(full())
        .status()
        .expect("run");
    assert_eq!(status.code(), Some(2), "a usage error, not a panic (101)");
}

// D9 -------------------------------------------------------------------------------------------

#[test]
fn a_full_disk_on_standard_output_exits_2_with_a_message() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let output = raw()
        .arg("print")
        .arg(example("bushi-sample-100.toml"))
        .stdout(full)
        .output()
        .expect("run");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("cannot write to standard output"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

// D10 ------------------------------------------------------------------------------------------

/// Every ESC in `bytes` starts a colour sequence (`ESC [ digits ; m`), nothing else.
fn only_colour_escapes(bytes: &[u8]) -> bool {
    bytes.iter().enumerate().all(|(i, &b)| {
        if b != 0x1b {
            return !(b < 0x20 && b != b'\n' && b != b'\t') && b != 0x07;
        }
        let rest = &bytes[i + 1..];
        rest.first() == Some(&b'[')
            && rest[1..]
                .iter()
                .find(|c| !(c.is_ascii_digit() || **c == b';'))
                == Some(&b'm')
    })
}

#[test]
fn escape_sequences_in_a_roster_never_reach_the_terminal() {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("evil.toml");
    std::fs::write(
        &path,
        "name = \"Raiders\\u001b]0;PWNED\\u0007\"\nfaction = \"bushi\"\n[[models]]\n\
         profile = \"\\u001b]0;PWNED\\u0007\\u001b[41mEVIL\"\n[[models]]\nprofile = \"samurai\"\n\
         name = \"Taro\\u001b[2J\"\n",
    )
    .expect("write");
    for color in ["never", "always"] {
        for args in [
            vec!["validate"],
            vec!["print"],
            vec!["print", "--format", "markdown"],
        ] {
            let output = buntai()
                .args(["--color", color])
                .args(&args)
                .arg(&path)
                .output()
                .expect("run");
            for stream in [&output.stdout, &output.stderr] {
                assert!(
                    only_colour_escapes(stream),
                    "{args:?} --color {color}: {}",
                    String::from_utf8_lossy(stream)
                );
            }
            let all = [output.stdout.as_slice(), output.stderr.as_slice()].concat();
            assert!(
                String::from_utf8_lossy(&all).contains("\\u{1b}"),
                "the control character is shown escaped"
            );
        }
    }
    let output = buntai().arg("validate").arg(&path).output().expect("run");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("contains control characters"),
        "names with control characters get a warning: {text}"
    );
}

#[test]
fn raw_control_bytes_in_a_file_are_escaped_in_the_snippet() {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("raw.toml");
    std::fs::write(&path, b"faction = \"bushi\" # \x1b]0;PWNED\x07\n[[models\n").expect("write");
    let output = buntai().arg("validate").arg(&path).output().expect("run");
    assert_eq!(output.status.code(), Some(1));
    assert!(only_colour_escapes(&output.stdout));
    assert!(only_colour_escapes(&output.stderr));
}

#[test]
fn command_line_arguments_are_shown_escaped() {
    let output = buntai()
        .args(["faction", "bu\u{1b}]0;x\u{7}shi"])
        .output()
        .expect("run");
    assert_eq!(output.status.code(), Some(2));
    assert!(only_colour_escapes(&output.stderr));
    assert!(String::from_utf8_lossy(&output.stderr).contains("\\u{1b}"));
}

// D11 ------------------------------------------------------------------------------------------

#[test]
fn an_unwritable_log_fails_before_any_game_is_played() {
    // A million games would take minutes in a debug build; the refusal comes first.
    buntai()
        .args(["simulate", "--allow-unequal"])
        .arg(example("bushi-sample-100.toml"))
        .arg(example("koryu.toml"))
        .args(["--games", "1000000", "--log", "/nonexistent-folder/x.jsonl"])
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("/nonexistent-folder/x.jsonl"));
}

// D12 ------------------------------------------------------------------------------------------

#[test]
fn odds_reject_an_unknown_attribute_with_a_suggestion() {
    for flag in ["--attribute", "--vs-attribute"] {
        buntai()
            .args([
                "odds",
                "melee",
                "--attacker",
                "bushi/samurai",
                "--weapon",
                "katana",
                "--defender",
                "bushi/ashigaru",
                flag,
                "kenjutso",
            ])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("did you mean `kenjutsu`"));
    }
}

// D13 ------------------------------------------------------------------------------------------

#[test]
fn the_markdown_heading_cannot_inject_html() {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("m.toml");
    std::fs::write(
        &path,
        "faction = \"bushi\"\nname = \"Raiders</h1><img src=x onerror=alert(1)>\\n# more\"\n\
         [[models]]\nprofile = \"samurai\"\n",
    )
    .expect("write");
    let output = buntai()
        .args(["print", "--format", "markdown"])
        .arg(&path)
        .output()
        .expect("run");
    let text = String::from_utf8_lossy(&output.stdout);
    let first = text.lines().next().expect("heading");
    assert!(first.starts_with("# Raiders\\</h1\\>\\<img"), "{first}");
    assert!(
        first
            .match_indices('<')
            .all(|(i, _)| first[..i].ends_with('\\')),
        "every `<` of the heading is escaped: {first}"
    );
    assert!(
        !text.lines().any(|l| l == "# more"),
        "the name stays on one line"
    );
}

// D14 ------------------------------------------------------------------------------------------

fn widest_line(bytes: &[u8]) -> usize {
    String::from_utf8_lossy(bytes)
        .lines()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
}

#[test]
fn output_fits_the_width_columns_asks_for() {
    for (columns, expected) in [(None, 80), (Some("60"), 60)] {
        for args in [
            vec!["factions"],
            vec!["faction", "bushi"],
            vec!["rulings"],
            vec!["print", "examples/bushi-sample-200.toml"],
        ] {
            let mut cmd = buntai();
            cmd.current_dir(repo()).args(&args).env_remove("COLUMNS");
            if let Some(c) = columns {
                cmd.env("COLUMNS", c);
            }
            let output = cmd.output().expect("run");
            let widest = widest_line(&output.stdout);
            assert!(
                widest <= expected,
                "{args:?} with COLUMNS={columns:?}: a line of {widest} columns"
            );
        }
    }
    // A tiny width is laid out as 40 columns, never one character per column.
    let at = |columns: &str| {
        buntai()
            .current_dir(repo())
            .args(["faction", "bushi"])
            .env("COLUMNS", columns)
            .output()
            .expect("run")
            .stdout
    };
    assert_eq!(at("5"), at("40"));
}

#[test]
fn a_terminal_gets_its_own_width_and_dumb_terminals_no_colour() {
    // `script` gives the command a real terminal, sized by stty.
    let bin = assert_cmd::cargo::cargo_bin("buntai");
    let run = |term: &str| {
        StdCommand::new("script")
            .args(["-qec"])
            .arg(format!(
                "stty cols 70 rows 24; TERM={term} {} factions",
                bin.display()
            ))
            .arg("/dev/null")
            .env_remove("NO_COLOR")
            .env_remove("COLUMNS")
            .output()
            .expect("script")
    };
    let output = run("xterm");
    assert!(output.status.success());
    let plain: String = String::from_utf8_lossy(&output.stdout).replace('\r', "");
    let without_colour = strip_sgr(&plain);
    assert!(
        widest_line(without_colour.as_bytes()) <= 70,
        "{without_colour}"
    );
    assert!(plain.contains('\u{1b}'), "an ordinary terminal gets colour");
    let dumb = run("dumb");
    assert!(
        !String::from_utf8_lossy(&dumb.stdout).contains('\u{1b}'),
        "TERM=dumb gets none"
    );
}

fn strip_sgr(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

// D15 ------------------------------------------------------------------------------------------

#[test]
fn new_files_follow_the_umask() {
    let dir = TempDir::new().expect("dir");
    let bin = assert_cmd::cargo::cargo_bin("buntai");
    for (umask, mode) in [("022", 0o644), ("077", 0o600)] {
        let sheet = dir.path().join(format!("sheet-{umask}.html"));
        let status = StdCommand::new("sh")
            .arg("-c")
            .arg(format!(
                "umask {umask}; exec \"$0\" print \"$1\" --format html -o \"$2\""
            ))
            .arg(&bin)
            .arg(example("bushi-sample-100.toml"))
            .arg(&sheet)
            .status()
            .expect("sh");
        assert!(status.success());
        let got = std::fs::metadata(&sheet)
            .expect("meta")
            .permissions()
            .mode()
            & 0o777;
        assert_eq!(got, mode, "umask {umask}");
    }
}

#[test]
fn an_edit_keeps_the_file_mode() {
    let (_dir, roster) = roster_copy("bushi-sample-100.toml", "r.toml");
    std::fs::set_permissions(&roster, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    buntai()
        .args(["set"])
        .arg(&roster)
        .args(["name", "Renamed"])
        .assert()
        .success();
    let mode = std::fs::metadata(&roster)
        .expect("meta")
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(mode, 0o640);
}

// D16 ------------------------------------------------------------------------------------------

#[test]
fn an_edit_keeps_crlf_line_endings_and_the_byte_order_mark() {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("win.toml");
    let text = String::from_utf8(read(&example("bushi-sample-100.toml")))
        .expect("utf-8")
        .replace('\n', "\r\n");
    std::fs::write(&path, format!("\u{feff}{text}")).expect("write");
    buntai()
        .arg("add")
        .arg(&path)
        .args(["ashigaru", "--weapon", "yari"])
        .assert()
        .success();
    let edited = String::from_utf8(read(&path)).expect("utf-8");
    assert!(edited.starts_with('\u{feff}'), "the BOM survives");
    let lf = edited.matches('\n').count();
    assert_eq!(
        edited.matches("\r\n").count(),
        lf,
        "every line ends in CRLF"
    );
    assert!(
        edited.starts_with(&format!("\u{feff}{text}")),
        "the old text is intact"
    );
    buntai()
        .arg("validate")
        .arg(&path)
        .assert()
        .stdout(predicate::str::contains("Bushi, 6 models"));
}

// D17 ------------------------------------------------------------------------------------------

#[test]
fn a_read_only_roster_is_refused_not_replaced() {
    let (_dir, roster) = roster_copy("bushi-sample-100.toml", "frozen.toml");
    std::fs::set_permissions(&roster, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let before = read(&roster);
    buntai()
        .arg("add")
        .arg(&roster)
        .args(["ashigaru", "--weapon", "yari"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("read-only"));
    assert_eq!(read(&roster), before);
}

// D18 ------------------------------------------------------------------------------------------

#[test]
fn a_killed_edit_leaves_one_temporary_file_which_the_next_edit_reuses() {
    let (dir, roster) = roster_copy("bushi-sample-100.toml", "r.toml");
    // What a `kill -9` between writing and renaming leaves behind.
    std::fs::write(dir.path().join(".r.toml.buntai-tmp"), "half a roster").expect("write");
    buntai()
        .arg("add")
        .arg(&roster)
        .args(["ashigaru", "--weapon", "yari"])
        .assert()
        .success();
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // The roster and the text kept for `buntai undo`; no temporary file.
    assert_eq!(
        names,
        vec![".r.toml.buntai-undo".to_owned(), "r.toml".to_owned()]
    );
}

// D19 ------------------------------------------------------------------------------------------

#[test]
fn data_check_rejects_negative_prices_and_empty_ids() {
    for (from, to, expected) in [
        (
            "points = 18",
            "points = -2147483648",
            "costs -2147483648 points",
        ),
        ("id = \"ashigaru\"", "id = \"\"", "id is empty"),
    ] {
        let (dir, _) = crate::support::broken_data("bushi.toml", from, to);
        crate::support::in_data_dir(dir.path())
            .args(["data", "check"])
            .assert()
            .code(1)
            .stderr(predicate::str::contains(expected));
    }
}

#[test]
fn an_option_cannot_save_more_than_its_profile_costs() {
    // The Ashigaru's `no-armour` option saves 4 points; the Fearsome Kiai purchase costs 5.
    for (from, expected) in [
        ("cost = -4", "option `no-armour` saves 2147483648 points"),
        ("cost = 5", "purchase `fearsome-kiai` costs"),
    ] {
        let (dir, _) = crate::support::broken_data("bushi.toml", from, "cost = -2147483648");
        crate::support::in_data_dir(dir.path())
            .args(["data", "check"])
            .assert()
            .code(1)
            .stderr(predicate::str::contains(expected));
    }
}

#[test]
fn add_refuses_a_roster_with_a_missing_or_unknown_faction() {
    for header in ["name = \"x\"\n", "faction = \"vikings\"\n"] {
        let dir = TempDir::new().expect("dir");
        let path = dir.path().join("r.toml");
        std::fs::write(&path, header).expect("write");
        buntai()
            .arg("add")
            .arg(&path)
            .args(["nosuchprofile", "--weapon", "nosuchweapon"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("names no faction"));
        assert_eq!(read(&path), header.as_bytes());
    }
}

#[test]
fn new_refuses_a_schema_with_a_line_break() {
    buntai()
        .args(["new", "--faction", "bushi", "--schema", "x\npoints = 5"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("--schema"));
}

#[test]
fn inline_model_lists_are_refused_with_a_clear_message() {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("inline.toml");
    let text = "faction = \"bushi\"\nmodels = [{ profile = \"samurai\" }]\n";
    std::fs::write(&path, text).expect("write");
    buntai().arg("validate").arg(&path).assert().code(1);
    for args in [
        vec!["add", "ashigaru", "--weapon", "yari"],
        vec!["remove", "1"],
    ] {
        let (verb, rest) = args.split_first().expect("verb");
        buntai()
            .arg(verb)
            .arg(&path)
            .args(rest)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("inline"));
        assert_eq!(read(&path), text.as_bytes());
    }
}

#[test]
fn color_never_reaches_clap_usage_errors() {
    let output = buntai()
        .env("CLICOLOR_FORCE", "1")
        .args(["--color", "never", "validate", "--bogus"])
        .output()
        .expect("run");
    assert_eq!(output.status.code(), Some(2));
    assert!(!output.stderr.contains(&0x1b), "no colour codes");
}

#[test]
fn the_html_sheet_carries_no_control_characters() {
    let dir = TempDir::new().expect("dir");
    let path = dir.path().join("r.toml");
    std::fs::write(
        &path,
        "faction = \"bushi\"\nname = \"a\\u0000b\\u001bc\"\n[[models]]\nprofile = \"samurai\"\n",
    )
    .expect("write");
    let output = buntai()
        .args(["print", "--format", "html"])
        .arg(&path)
        .output()
        .expect("run");
    assert!(output.stdout.starts_with(b"<!"));
    assert!(
        !output
            .stdout
            .iter()
            .any(|&b| b < 0x20 && b != b'\n' && b != b'\t' && b != b'\r'),
        "no raw control bytes"
    );
}

// Hostile input, at random -------------------------------------------------------------------

/// Random bytes, a truncated or spliced example, or a random TOML structure.
fn hostile_roster() -> impl Strategy<Value = Vec<u8>> {
    let example_text = read(&example("bushi-sample-200.toml"));
    let len = example_text.len();
    let truncated = {
        let t = example_text.clone();
        (0..len).prop_map(move |cut| t[..cut].to_vec())
    };
    let spliced = {
        let t = example_text.clone();
        (0..len, proptest::collection::vec(any::<u8>(), 0..16)).prop_map(move |(at, junk)| {
            let mut v = t[..at].to_vec();
            v.extend(junk);
            v.extend_from_slice(&t[at..]);
            v
        })
    };
    let random = proptest::collection::vec(any::<u8>(), 0..300);
    let value = prop_oneof![
        Just("\"samurai\"".to_owned()),
        Just("\"bushi\"".to_owned()),
        Just("-1".to_owned()),
        Just("4000000000".to_owned()),
        Just("[]".to_owned()),
        Just("{}".to_owned()),
        Just("true".to_owned()),
        Just("\"\\u001b[2J\"".to_owned()),
        "[a-z]{1,8}".prop_map(|s| format!("\"{s}\"")),
    ];
    let key = prop_oneof![
        Just("faction"),
        Just("name"),
        Just("points"),
        Just("profile"),
        Just("count"),
        Just("weapons"),
        Just("models"),
        Just("koryu"),
    ];
    let structure =
        proptest::collection::vec((any::<bool>(), key, value), 0..12).prop_map(|entries| {
            let mut text = String::new();
            for (table, key, value) in entries {
                if table {
                    text.push_str("[[models]]\n");
                }
                text.push_str(&format!("{key} = {value}\n"));
            }
            text.into_bytes()
        });
    prop_oneof![truncated, spliced, random, structure]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn hostile_rosters_never_panic_and_refused_edits_change_nothing(bytes in hostile_roster()) {
        let dir = TempDir::new().expect("dir");
        let path = dir.path().join("r.toml");
        std::fs::write(&path, &bytes).expect("write");
        for args in [
            vec!["validate"],
            vec!["validate", "--format", "json"],
            vec!["print"],
            vec!["print", "--format", "html"],
        ] {
            let output = buntai().args(&args).arg(&path).output().expect("run");
            let code = output.status.code();
            prop_assert!(matches!(code, Some(0..=2)), "{:?} exited {:?}", args, code);
        }
        for args in [
            vec!["add", "ashigaru", "--weapon", "yari"],
            vec!["remove", "1"],
            vec!["set", "points", "150"],
            vec!["set", "name", "x"],
        ] {
            let before = read(&path);
            let (verb, rest) = args.split_first().expect("verb");
            let output = buntai().arg(verb).arg(&path).args(rest).output().expect("run");
            let code = output.status.code();
            prop_assert!(matches!(code, Some(0..=2)), "{:?} exited {:?}", args, code);
            if code != Some(0) {
                prop_assert_eq!(read(&path), before, "a refused {:?} changed the file", args);
            }
        }
    }
}
