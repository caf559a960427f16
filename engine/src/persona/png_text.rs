//! The text chunks of a PNG file (`tEXt`: a Latin-1 keyword, a zero byte, the text), read and
//! written without decoding the image. Character cards travel in them (`chara`, `ccv3`).
//!
//! The file is untrusted: every length is checked against what remains, a chunk's CRC must
//! match (a damaged file is said to be damaged, not half read), and reading stops at `IEND`.
//! Writing keeps every other chunk byte for byte and puts the new text chunks before `IEND`.

use thiserror::Error;

const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PngError {
    #[error("This is not a PNG image.")]
    NotPng,
    #[error("The PNG file is cut short (chunk {0} runs past the end of the file).")]
    Truncated(usize),
    #[error("The PNG file is damaged: chunk {0} fails its checksum.")]
    BadChecksum(usize),
    #[error("The PNG file has no end (no IEND chunk).")]
    NoEnd,
    #[error("A PNG text keyword must be 1 to 79 Latin-1 characters without a zero byte.")]
    BadKeyword,
}

impl crate::i18n::Explain for PngError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::NotPng => phrase("error-png-not-png"),
            Self::Truncated(chunk) => phrase("error-png-truncated").with("chunk", chunk),
            Self::BadChecksum(chunk) => phrase("error-png-bad-checksum").with("chunk", chunk),
            Self::NoEnd => phrase("error-png-no-end"),
            Self::BadKeyword => phrase("error-png-bad-keyword"),
        }
    }
}

/// One chunk as found: its type, its data, and where the whole chunk (length to CRC) lies.
struct Chunk<'a> {
    kind: [u8; 4],
    data: &'a [u8],
    span: std::ops::Range<usize>,
}

/// Every chunk up to and including `IEND`, checked.
fn chunks(bytes: &[u8]) -> Result<Vec<Chunk<'_>>, PngError> {
    if bytes.len() < SIGNATURE.len() || bytes[..8] != SIGNATURE {
        return Err(PngError::NotPng);
    }
    let mut found = Vec::new();
    let mut at = SIGNATURE.len();
    loop {
        let index = found.len();
        let header = match bytes.get(at..at + 8) {
            Some(header) => header,
            None if at == bytes.len() => return Err(PngError::NoEnd),
            None => return Err(PngError::Truncated(index)),
        };
        let length = u32::from_be_bytes([header[0], header[1], header[2], header[3]]) as usize;
        let kind = [header[4], header[5], header[6], header[7]];
        let data_start = at + 8;
        let end = data_start
            .checked_add(length)
            .and_then(|e| e.checked_add(4))
            .filter(|&e| e <= bytes.len())
            .ok_or(PngError::Truncated(index))?;
        let data = &bytes[data_start..data_start + length];
        let stored = &bytes[end - 4..end];
        if crc32(&bytes[at + 4..data_start + length]).to_be_bytes() != stored {
            return Err(PngError::BadChecksum(index));
        }
        found.push(Chunk {
            kind,
            data,
            span: at..end,
        });
        if &kind == b"IEND" {
            return Ok(found);
        }
        at = end;
    }
}

/// The `tEXt` chunks of a PNG, as (keyword, text) in file order. The text is Latin-1 by the
/// PNG standard; cards put base64 there, which is ASCII.
pub fn read_text_chunks(bytes: &[u8]) -> Result<Vec<(String, String)>, PngError> {
    Ok(chunks(bytes)?
        .into_iter()
        .filter(|chunk| &chunk.kind == b"tEXt")
        .filter_map(|chunk| {
            let zero = chunk.data.iter().position(|&b| b == 0)?;
            let latin1 = |b: &[u8]| b.iter().map(|&c| char::from(c)).collect::<String>();
            Some((latin1(&chunk.data[..zero]), latin1(&chunk.data[zero + 1..])))
        })
        .collect())
}

/// The PNG with every `tEXt` chunk named in `replace` removed and `texts` added before `IEND`.
/// Texts must be Latin-1 (cards write base64).
pub fn write_text_chunks(
    bytes: &[u8],
    replace: &[&str],
    texts: &[(&str, &str)],
) -> Result<Vec<u8>, PngError> {
    let found = chunks(bytes)?;
    let mut out = SIGNATURE.to_vec();
    for chunk in &found {
        if &chunk.kind == b"IEND" {
            for (keyword, text) in texts {
                out.extend(text_chunk(keyword, text)?);
            }
        }
        let replaced = &chunk.kind == b"tEXt"
            && replace.iter().any(|name| {
                chunk.data.split(|&b| b == 0).next() == Some(name.as_bytes())
                    && chunk.data.len() > name.len()
            });
        if !replaced {
            out.extend_from_slice(&bytes[chunk.span.clone()]);
        }
    }
    Ok(out)
}

/// One `tEXt` chunk: length, type, keyword, zero, text, CRC.
fn text_chunk(keyword: &str, text: &str) -> Result<Vec<u8>, PngError> {
    let latin1 = |s: &str| -> Option<Vec<u8>> {
        s.chars().map(|c| u8::try_from(u32::from(c)).ok()).collect()
    };
    let key = latin1(keyword)
        .filter(|k| (1..=79).contains(&k.len()) && !k.contains(&0))
        .ok_or(PngError::BadKeyword)?;
    let text = latin1(text).ok_or(PngError::BadKeyword)?;
    let mut body = b"tEXt".to_vec();
    body.extend(key);
    body.push(0);
    body.extend(text);
    let mut chunk = ((body.len() - 4) as u32).to_be_bytes().to_vec();
    chunk.extend_from_slice(&body);
    chunk.extend(crc32(&body).to_be_bytes());
    Ok(chunk)
}

/// CRC-32 (ISO-HDLC, the PNG and zip checksum), bit by bit: card files are small.
pub(crate) fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The smallest valid PNG: one white pixel (IHDR, IDAT, IEND), built here chunk by chunk.
    pub(crate) fn one_pixel_png() -> Vec<u8> {
        let chunk = |kind: &[u8; 4], data: &[u8]| {
            let mut body = kind.to_vec();
            body.extend_from_slice(data);
            let mut out = (data.len() as u32).to_be_bytes().to_vec();
            out.extend_from_slice(&body);
            out.extend(crc32(&body).to_be_bytes());
            out
        };
        let mut png = SIGNATURE.to_vec();
        // 1 × 1, 8-bit greyscale.
        png.extend(chunk(b"IHDR", &[0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0]));
        // zlib: stored block of the scanline [filter 0, 255].
        png.extend(chunk(
            b"IDAT",
            &[
                0x78, 0x01, 0x01, 0x02, 0x00, 0xfd, 0xff, 0x00, 0xff, 0x01, 0x00, 0x01,
            ],
        ));
        png.extend(chunk(b"IEND", &[]));
        png
    }

    #[test]
    fn crc32_matches_the_standard_check_value() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b"IEND"), 0xAE42_6082);
    }

    #[test]
    fn text_chunks_are_written_before_the_end_and_read_back() {
        let png = one_pixel_png();
        assert_eq!(read_text_chunks(&png).unwrap(), vec![]);
        let with = write_text_chunks(&png, &[], &[("chara", "e30="), ("Comment", "hi")]).unwrap();
        assert_eq!(
            read_text_chunks(&with).unwrap(),
            vec![
                ("chara".to_owned(), "e30=".to_owned()),
                ("Comment".to_owned(), "hi".to_owned())
            ]
        );
        assert!(with.ends_with(&png[png.len() - 12..]), "IEND stays last");
        // Replacing keeps the other text and the image chunks byte for byte.
        let replaced = write_text_chunks(&with, &["chara"], &[("chara", "bmV3")]).unwrap();
        assert_eq!(
            read_text_chunks(&replaced).unwrap(),
            vec![
                ("Comment".to_owned(), "hi".to_owned()),
                ("chara".to_owned(), "bmV3".to_owned())
            ]
        );
        let removed = write_text_chunks(&replaced, &["chara", "Comment"], &[]).unwrap();
        assert_eq!(removed, png);
    }

    #[test]
    fn damaged_files_are_refused_with_a_reason() {
        let png = one_pixel_png();
        assert_eq!(read_text_chunks(b"GIF89a"), Err(PngError::NotPng));
        assert_eq!(read_text_chunks(&[]), Err(PngError::NotPng));
        assert_eq!(
            read_text_chunks(&png[..png.len() - 12]),
            Err(PngError::NoEnd)
        );
        assert_eq!(read_text_chunks(&png[..40]), Err(PngError::Truncated(1)));
        assert_eq!(read_text_chunks(&png[..45]), Err(PngError::Truncated(1)));
        let mut flipped = png.clone();
        flipped[20] ^= 1;
        assert_eq!(read_text_chunks(&flipped), Err(PngError::BadChecksum(0)));
        // A length near u32::MAX does not overflow.
        let mut huge = png.clone();
        huge[8..12].copy_from_slice(&u32::MAX.to_be_bytes());
        assert_eq!(read_text_chunks(&huge), Err(PngError::Truncated(0)));
        assert_eq!(
            write_text_chunks(&png, &[], &[("", "x")]),
            Err(PngError::BadKeyword)
        );
        assert_eq!(
            write_text_chunks(&png, &[], &[("chara", "é ok, 😀 not")]),
            Err(PngError::BadKeyword)
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]
        /// Any bytes after the signature, and any single-byte change of a card, are read or
        /// refused: never a panic.
        #[test]
        fn arbitrary_bytes_never_panic(tail in proptest::collection::vec(any::<u8>(), 0..256)) {
            let mut bytes = SIGNATURE.to_vec();
            bytes.extend(tail);
            let _ = read_text_chunks(&bytes);
            let _ = write_text_chunks(&bytes, &["chara"], &[("chara", "e30=")]);
        }

        #[test]
        fn a_changed_byte_is_read_or_refused(at in 0usize..200, value in any::<u8>()) {
            let png = write_text_chunks(&one_pixel_png(), &[], &[("chara", "eyJuYW1lIjoiQSJ9")]).unwrap();
            let mut changed = png.clone();
            let at = at % changed.len();
            changed[at] = value;
            let read = read_text_chunks(&changed);
            if changed == png {
                prop_assert!(read.is_ok());
            }
        }
    }
}
