//! Runs a program a test needs (a CLI of this crate, `node`) and returns
//! what it printed; a failed run fails the test with the program's stderr.

use std::process::Command;

/// The standard output of `cmd`, which must exit with success.
pub fn stdout_of(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| {
        panic!(
            "{:?} does not run ({e}); scripts/setup.sh installs it",
            cmd.get_program()
        )
    });
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}
