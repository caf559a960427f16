//! Standard base64 (RFC 4648): decoding for inline images a model put in its answer (strict: any
//! character outside the alphabet is an error, never skipped), encoding for backups.

use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Base64Error {
    #[error("invalid base64 character at byte {0}")]
    InvalidCharacter(usize),
    #[error("base64 data has an impossible length")]
    InvalidLength,
}

fn value(byte: u8) -> Option<u32> {
    Some(match byte {
        b'A'..=b'Z' => byte - b'A',
        b'a'..=b'z' => byte - b'a' + 26,
        b'0'..=b'9' => byte - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    } as u32)
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Encodes with padding.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let mut acc = 0u32;
        for (i, &byte) in chunk.iter().enumerate() {
            acc |= u32::from(byte) << (16 - 8 * i);
        }
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((acc >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

pub fn decode(text: &str) -> Result<Vec<u8>, Base64Error> {
    let data = text.trim_end_matches('=').as_bytes();
    if data.len() % 4 == 1 || text.len() - data.len() > 2 {
        return Err(Base64Error::InvalidLength);
    }
    let mut out = Vec::with_capacity(data.len() * 3 / 4);
    for (chunk_index, chunk) in data.chunks(4).enumerate() {
        let mut acc = 0u32;
        for (i, &byte) in chunk.iter().enumerate() {
            let v = value(byte).ok_or(Base64Error::InvalidCharacter(chunk_index * 4 + i))?;
            acc |= v << (18 - 6 * i);
        }
        let bytes = acc.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc_4648_vectors() {
        for (encoded, decoded) in [
            ("", ""),
            ("Zg==", "f"),
            ("Zm8=", "fo"),
            ("Zm9v", "foo"),
            ("Zm9vYg==", "foob"),
            ("Zm9vYmE=", "fooba"),
            ("Zm9vYmFy", "foobar"),
            ("Zm9vYg", "foob"),
        ] {
            assert_eq!(decode(encoded).unwrap(), decoded.as_bytes(), "{encoded}");
        }
        assert_eq!(decode("/+8=").unwrap(), [0xff, 0xef]);
        for (encoded, decoded) in [
            ("", ""),
            ("Zg==", "f"),
            ("Zm8=", "fo"),
            ("Zm9vYmFy", "foobar"),
        ] {
            assert_eq!(encode(decoded.as_bytes()), encoded);
        }
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(decode(&encode(&all)).unwrap(), all);
    }

    #[test]
    fn garbage_is_an_error() {
        assert_eq!(decode("Zm9v!"), Err(Base64Error::InvalidLength));
        assert_eq!(decode("Zm 9vYg"), Err(Base64Error::InvalidCharacter(2)));
        assert_eq!(decode("Zg==="), Err(Base64Error::InvalidLength));
    }
}
