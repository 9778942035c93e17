//! The built-in variant files, embedded from `variants/` so they work from any directory. Text
//! only: the loader reads them like any file, and [`crate::builtin`] offers them compiled.

macro_rules! builtins {
    ($($name:literal),* $(,)?) => {
        /// Every built-in file: (name, TOML text), in listing order.
        pub const BUILTINS: &[(&str, &str)] = &[
            $(($name, include_str!(concat!("../../../variants/", $name, ".toml"))),)*
        ];
    };
}

builtins![
    "classic",
    "x-diagonal",
    "windoku",
    "jigsaw",
    "toroidal",
    "killer",
    "samurai",
    "tredoku",
    "4x4",
    "6x6",
    "16x16",
    "25x25",
    "letters",
];

/// Names of the built-ins, in listing order.
pub fn names() -> Vec<&'static str> {
    BUILTINS.iter().map(|(n, _)| *n).collect()
}

/// The TOML text of a built-in.
pub fn source(name: &str) -> Option<&'static str> {
    BUILTINS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}
