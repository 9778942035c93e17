//! The `shapedoku` binary: all logic lives in the `shapedoku_cli` library so tests can run it
//! in-process.
fn main() {
    let code = shapedoku_cli::main_with(std::env::args_os().collect());
    std::process::exit(code);
}
