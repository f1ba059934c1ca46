//! Browser entry point. Trunk builds this binary for `wasm32-unknown-unknown`.

/// Also runs when a sweep worker (`static/herd-worker.js`) loads the same
/// bundle: a worker has no window, so there it does nothing.
#[cfg(target_arch = "wasm32")]
fn main() {
    if web_sys::window().is_some() {
        retry_lab::ui::start();
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("retry-lab is a browser app: run `scripts/serve.sh` (Trunk) to use it.");
    eprintln!("For the command-line companion, run `cargo run --release --bin herd -- --help`.");
}
