//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use tempfile::TempDir;

/// The binary with a fixed environment: no colour, no user settings.
pub fn buntai() -> Command {
    let mut cmd = Command::cargo_bin("buntai").expect("binary builds");
    cmd.env("NO_COLOR", "1").env_remove("CLICOLOR_FORCE");
    cmd
}

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A copy of the shipped `factions/` folder in a temporary directory.
pub fn data_copy() -> TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for entry in std::fs::read_dir(repo().join("factions")).expect("factions/") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            // Another system's data (`factions/samurai-1550-1600/`): not Ronin's.
            continue;
        }
        let name = path.file_name().expect("file name");
        std::fs::copy(&path, dir.path().join(name)).expect("copy");
    }
    dir
}

/// A copy of the data with the first `from` in `file` replaced by `to`. Returns the folder and the
/// 1-based line where the replacement sits.
pub fn broken_data(file: &str, from: &str, to: &str) -> (TempDir, usize) {
    let dir = data_copy();
    let path = dir.path().join(file);
    let text = std::fs::read_to_string(&path).expect("read");
    let at = text
        .find(from)
        .unwrap_or_else(|| panic!("`{from}` not found in {file}"));
    let line = text[..at].matches('\n').count() + 1;
    let fixed = format!("{}{}{}", &text[..at], to, &text[at + from.len()..]);
    std::fs::write(&path, fixed).expect("write");
    (dir, line)
}

/// Run `buntai` in `dir` with `--data .`, so file names in output are stable (`./bushi.toml`).
pub fn in_data_dir(dir: &Path) -> Command {
    let mut cmd = buntai();
    cmd.current_dir(dir).args(["--data", "."]);
    cmd
}

/// Standard output as JSON.
pub fn json(output: &std::process::Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}",
            String::from_utf8_lossy(&output.stdout)
        )
    })
}

/// Assert a run succeeded, showing its stderr if not.
pub fn succeeded(output: &std::process::Output) {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The events of a JSON Lines log file.
pub fn json_lines(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .expect("a log")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON event"))
        .collect()
}

/// Run `buntai simulate ARGS --games 1 --log FILE` and return the logged game's events.
pub fn simulated_log(args: &[&str]) -> Vec<serde_json::Value> {
    let dir = tempfile::tempdir().expect("temp dir");
    let log = dir.path().join("game.jsonl");
    let out = buntai()
        .arg("simulate")
        .args(args)
        .args(["--games", "1", "--log"])
        .arg(&log)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(&log)
        .expect("the log")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON event"))
        .collect()
}

/// Run `buntai simulate ARGS --format json` and return its report.
pub fn simulated_report(args: &[&str]) -> serde_json::Value {
    let out = buntai()
        .arg("simulate")
        .args(args)
        .args(["--format", "json"])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("a JSON report")
}

/// A legal 300-point Bushi master roster: 9 Ashigaru (yari, 18 each), an Ashigaru-gashira (18),
/// 5 Samurai (24).
pub const ODA: &str = r#"name = "Oda"
faction = "bushi"
points = 300

[[models]]
profile = "ashigaru"
count = 9
weapons = ["yari"]

[[models]]
profile = "ashigaru-gashira"

[[models]]
profile = "samurai"
count = 5
"#;
