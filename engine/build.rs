//! The server's catalogues of words in other languages are data: every `locales/{language}.yaml` is built into the
//! engine, so adding a language is adding its file (src/i18n.rs reads the list this writes).

use std::path::Path;

fn main() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    println!("cargo:rerun-if-changed={}", folder.display());
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .expect("engine/locales")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    let entries: String = files
        .iter()
        .map(|path| {
            println!("cargo:rerun-if-changed={}", path.display());
            let language = path.file_stem().and_then(|s| s.to_str()).expect("a language's name");
            format!("    ({language:?}, include_str!({:?})),\n", path.display().to_string())
        })
        .collect();
    let out = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("locales.rs");
    std::fs::write(out, format!("pub const CATALOGUES: &[(&str, &str)] = &[\n{entries}];\n")).expect("locales.rs");
}
