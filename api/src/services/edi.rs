//! Carriers' 834 files on disk: the folder of each carrier, and a file written whole, for the owner alone. What goes in
//! the files, and when, is `domain::carrier_files`'.

use std::path::{Path, PathBuf};

use crate::config::EdiSettings;

/// The folder a carrier's files are written to: `EDI_DIR/outbound/{receiver id}`.
pub fn outbound(settings: &EdiSettings, receiver_id: &str) -> PathBuf {
    settings.dir.join("outbound").join(engine::x12::element(receiver_id, 15).replace(['/', '\\', ' '], "_"))
}

/// Writes `bytes` at `path` as the owner's alone (0600, in a folder of the owner's alone): beside it first, synced,
/// then renamed into place, so that a carrier's pickup never reads half a file.
pub fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
    let dir = path.parent().expect("a file in a folder");
    std::fs::DirBuilder::new().recursive(true).mode(0o700).create(dir)?;
    let beside = dir.join(format!(".{}.part", path.file_name().and_then(|n| n.to_str()).unwrap_or("file")));
    let mut file = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(&beside)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    std::fs::rename(&beside, path)?;
    std::fs::File::open(dir)?.sync_all()
}
