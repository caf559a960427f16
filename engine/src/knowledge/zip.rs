//! Reading one member of a ZIP archive (what a DOCX file is): the central directory found from
//! the end record, the member stored or deflated, inflated within a size limit. No ZIP64, no
//! encryption (a DOCX uses neither).

use miniz_oxide::inflate::{decompress_to_vec_with_limit, TINFLStatus};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ZipError {
    NotZip,
    Missing,
    Unsupported,
    TooLarge,
}

fn u16_at(data: &[u8], at: usize) -> Option<usize> {
    data.get(at..at + 2)
        .map(|b| usize::from(u16::from_le_bytes([b[0], b[1]])))
}

fn u32_at(data: &[u8], at: usize) -> Option<usize> {
    data.get(at..at + 4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
}

/// The names of the archive's members, with where each one's central record is.
fn central_directory(data: &[u8]) -> Result<Vec<(String, usize)>, ZipError> {
    // The end record is within the last 64 KiB + 22 bytes (its comment is at most 64 KiB).
    let search_from = data.len().saturating_sub(65_557);
    let end = (search_from..data.len().saturating_sub(21))
        .rev()
        .find(|&at| data[at..].starts_with(b"PK\x05\x06"))
        .ok_or(ZipError::NotZip)?;
    let count = u16_at(data, end + 10).ok_or(ZipError::NotZip)?;
    let mut at = u32_at(data, end + 16).ok_or(ZipError::NotZip)?;
    let mut members = Vec::with_capacity(count.min(4096));
    for _ in 0..count {
        if !data.get(at..).is_some_and(|d| d.starts_with(b"PK\x01\x02")) {
            return Err(ZipError::NotZip);
        }
        let name_len = u16_at(data, at + 28).ok_or(ZipError::NotZip)?;
        let extra_len = u16_at(data, at + 30).ok_or(ZipError::NotZip)?;
        let comment_len = u16_at(data, at + 32).ok_or(ZipError::NotZip)?;
        let name = data
            .get(at + 46..at + 46 + name_len)
            .ok_or(ZipError::NotZip)?;
        members.push((String::from_utf8_lossy(name).into_owned(), at));
        at += 46 + name_len + extra_len + comment_len;
    }
    Ok(members)
}

/// The bytes of member `name`, at most `limit` of them.
pub fn read_member(data: &[u8], name: &str, limit: usize) -> Result<Vec<u8>, ZipError> {
    let (_, record) = central_directory(data)?
        .into_iter()
        .find(|(member, _)| member == name)
        .ok_or(ZipError::Missing)?;
    let flags = u16_at(data, record + 8).ok_or(ZipError::NotZip)?;
    let method = u16_at(data, record + 10).ok_or(ZipError::NotZip)?;
    let size = u32_at(data, record + 20).ok_or(ZipError::NotZip)?;
    let local = u32_at(data, record + 42).ok_or(ZipError::NotZip)?;
    if flags & 1 == 1 {
        return Err(ZipError::Unsupported); // encrypted
    }
    if !data
        .get(local..)
        .is_some_and(|d| d.starts_with(b"PK\x03\x04"))
    {
        return Err(ZipError::NotZip);
    }
    let start = local
        + 30
        + u16_at(data, local + 26).ok_or(ZipError::NotZip)?
        + u16_at(data, local + 28).ok_or(ZipError::NotZip)?;
    let packed = data
        .get(start..start.saturating_add(size))
        .ok_or(ZipError::NotZip)?;
    match method {
        0 if packed.len() <= limit => Ok(packed.to_vec()),
        0 => Err(ZipError::TooLarge),
        8 => decompress_to_vec_with_limit(packed, limit).map_err(|err| {
            if err.status == TINFLStatus::HasMoreOutput {
                ZipError::TooLarge
            } else {
                ZipError::NotZip
            }
        }),
        _ => Err(ZipError::Unsupported),
    }
}
