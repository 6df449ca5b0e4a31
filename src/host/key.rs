//! The host key: an ed25519 key made once from the operating system's randomness and kept
//! (mode 0600) at the path the host is given, so every hosting shows the same fingerprint and a
//! joiner's ssh warns if it ever changes.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

use rand::TryRngCore;
use rand::rngs::OsRng;
use russh::keys::ssh_key::LineEnding;
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{HashAlg, PrivateKey};

/// The key kept at `path`, or a new one written there (its folders made) when there is none.
/// A kept key that others could read is made private again, and `notes` says so.
pub(crate) fn load_or_make(path: &Path, notes: &mut Vec<String>) -> io::Result<PrivateKey> {
    match fs::read_to_string(path) {
        Ok(text) => {
            let key = PrivateKey::from_openssh(text.as_bytes())
                .map_err(|e| invalid(format!("the host key {} cannot be read: {e}", path.display())))?;
            tighten(path, notes)?;
            Ok(key)
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => make(path),
        Err(e) => Err(e),
    }
}

/// The fingerprint ssh shows for the key (`SHA256:` and the digest in unpadded base64), for
/// joiners to compare with what their ssh prints the first time.
pub(crate) fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

fn make(path: &Path) -> io::Result<PrivateKey> {
    let mut seed = [0u8; 32];
    OsRng.try_fill_bytes(&mut seed).map_err(io::Error::other)?;
    let key = PrivateKey::from(Ed25519Keypair::from_seed(&seed));
    seed.fill(0);
    let text = key.to_openssh(LineEnding::LF).map_err(|e| invalid(e.to_string()))?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir)?;
    }
    // Written whole beside its place, private from its first byte, then renamed over: a host
    // stopped halfway leaves no half key, and the key is never readable by others.
    let temp = path.with_extension(format!("tmp{}", std::process::id()));
    let written = (|| {
        let mut file = private_file(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        fs::rename(&temp, path)
    })();
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written.map(|()| key)
}

#[cfg(unix)]
fn private_file(path: &Path) -> io::Result<fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)
}

#[cfg(not(unix))]
fn private_file(path: &Path) -> io::Result<fs::File> {
    fs::OpenOptions::new().write(true).create_new(true).open(path)
}

/// A kept key readable or writable by the group or others is put back to 0600.
#[cfg(unix)]
fn tighten(path: &Path, notes: &mut Vec<String>) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    let mode = fs::metadata(path)?.permissions().mode() & 0o777;
    if mode & 0o077 != 0 {
        fs::set_permissions(path, fs::Permissions::from_mode(0o600))?;
        notes.push(format!("the host key {} was open to others (mode {mode:o}); it is now 0600", path.display()));
    }
    Ok(())
}

#[cfg(not(unix))]
fn tighten(_: &Path, _: &mut Vec<String>) -> io::Result<()> {
    Ok(())
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn temp_dir(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("catan-key-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_key_is_made_private_once_and_kept() {
        let dir = temp_dir("kept");
        let path = dir.join("deep/host_key");
        let mut notes = Vec::new();
        let first = load_or_make(&path, &mut notes).unwrap();
        assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        let again = load_or_make(&path, &mut notes).unwrap();
        assert_eq!(fingerprint(&first), fingerprint(&again));
        assert!(fingerprint(&first).starts_with("SHA256:") && !fingerprint(&first).ends_with('='));
        assert!(notes.is_empty(), "{notes:?}");
        assert_eq!(fs::read_dir(path.parent().unwrap()).unwrap().count(), 1, "no temporary file is left");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_key_open_to_others_is_made_private_and_said() {
        let dir = temp_dir("open");
        let path = dir.join("host_key");
        let mut notes = Vec::new();
        load_or_make(&path, &mut notes).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        load_or_make(&path, &mut notes).unwrap();
        assert_eq!(fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        assert_eq!(notes.len(), 1, "{notes:?}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_broken_key_file_is_an_error_not_a_new_key() {
        let dir = temp_dir("broken");
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("host_key");
        fs::write(&path, "not a key").unwrap();
        assert!(load_or_make(&path, &mut Vec::new()).is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "not a key", "a key file is never overwritten");
        fs::remove_dir_all(&dir).unwrap();
    }
}
