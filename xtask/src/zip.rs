//! A zip archive of a folder, entries stored uncompressed (what a browser extension store takes),
//! with only the standard library: local headers, CRC-32, the central directory.

use std::path::Path;

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for byte in bytes {
        crc ^= u32::from(*byte);
        for _ in 0..8 {
            let mask = (crc & 1).wrapping_neg();
            crc = (crc >> 1) ^ (0xedb8_8320 & mask);
        }
    }
    !crc
}

/// The archive of `files` (name inside the archive, bytes).
pub fn archive(files: &[(String, Vec<u8>)]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut directory = Vec::new();
    for (name, bytes) in files {
        let (size, name_len) = (
            u32::try_from(bytes.len()).map_err(|_| format!("{name} is too large for a zip"))?,
            u16::try_from(name.len()).map_err(|_| format!("{name}: name too long"))?,
        );
        let offset = u32::try_from(out.len()).map_err(|_| "the archive is too large")?;
        let crc = crc32(bytes);
        // version 2.0, no flags, stored, 1980-01-01 00:00 (reproducible), CRC, sizes, name.
        let common = |header: &mut Vec<u8>| {
            header.extend_from_slice(&20u16.to_le_bytes());
            header.extend_from_slice(&0u16.to_le_bytes());
            header.extend_from_slice(&0u16.to_le_bytes());
            header.extend_from_slice(&0u16.to_le_bytes());
            header.extend_from_slice(&0x21u16.to_le_bytes());
            header.extend_from_slice(&crc.to_le_bytes());
            header.extend_from_slice(&size.to_le_bytes());
            header.extend_from_slice(&size.to_le_bytes());
            header.extend_from_slice(&name_len.to_le_bytes());
            header.extend_from_slice(&0u16.to_le_bytes());
        };
        out.extend_from_slice(&0x0403_4b50u32.to_le_bytes());
        common(&mut out);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(bytes);
        directory.extend_from_slice(&0x0201_4b50u32.to_le_bytes());
        directory.extend_from_slice(&20u16.to_le_bytes());
        common(&mut directory);
        // comment length, disk, internal and external attributes, offset.
        directory.extend_from_slice(&[0; 10]);
        directory.extend_from_slice(&offset.to_le_bytes());
        directory.extend_from_slice(name.as_bytes());
    }
    let count = u16::try_from(files.len()).map_err(|_| "too many files for a zip")?;
    let (start, length) = (out.len() as u32, directory.len() as u32);
    out.extend_from_slice(&directory);
    out.extend_from_slice(&0x0605_4b50u32.to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&count.to_le_bytes());
    out.extend_from_slice(&count.to_le_bytes());
    out.extend_from_slice(&length.to_le_bytes());
    out.extend_from_slice(&start.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    Ok(out)
}

/// Every file under `dir` with its bytes, named relative to it with `/`, sorted.
pub fn folder(dir: &Path) -> Result<Vec<(String, Vec<u8>)>, String> {
    crate::pwa::files_under(dir)?
        .into_iter()
        .map(|name| {
            let path = dir.join(&name);
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            Ok((name, bytes))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_crc_is_the_standard_one() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
        assert_eq!(crc32(b""), 0);
    }

    /// `unzip` (when the machine has it) reads the archive back byte for byte.
    #[test]
    fn an_archive_reads_back() {
        let files = vec![
            ("manifest.json".to_owned(), b"{\"a\":1}".to_vec()),
            ("icons/i.png".to_owned(), vec![0, 1, 2, 255]),
        ];
        let zip = archive(&files).unwrap();
        assert!(zip.starts_with(b"PK\x03\x04"));
        let dir = std::env::temp_dir().join(format!("skein-zip-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.zip"), &zip).unwrap();
        let Ok(status) = std::process::Command::new("unzip")
            .args(["-q", "a.zip", "-d", "out"])
            .current_dir(&dir)
            .status()
        else {
            return; // no unzip here: the layout checks above stand
        };
        assert!(status.success());
        for (name, bytes) in &files {
            assert_eq!(&std::fs::read(dir.join("out").join(name)).unwrap(), bytes);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
