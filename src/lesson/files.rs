//! Bounded reads of what a learner or a lesson names: a script for `exec`, a lesson file, a lesson's data,
//! standard input. At most `limit + 1` bytes are ever read (`/dev/zero` or an endless pipe stops there),
//! and a path must name a regular file, opened without blocking so a FIFO is refused at once instead of
//! hanging the tutor.

use std::fs::OpenOptions;
use std::io::Read;
use std::path::Path;

use thiserror::Error;

/// Whether opening a path may follow a symbolic link in its last component.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Links {
    /// A path the learner typed: a link to their own script is theirs to follow.
    Follow,
    /// A path a shared lesson names: a link could lead anywhere (`lesson::bundle::data_file`).
    Refuse,
}

#[derive(Debug, Error)]
pub enum ReadError {
    #[error("cannot open it: {0}")]
    Open(std::io::Error),
    #[error("it is not a regular file (the tutor reads no FIFO, device or directory)")]
    NotRegular,
    #[error("it is larger than {limit} bytes, the most the tutor reads")]
    TooLarge { limit: u64 },
    #[error("cannot read it: {0}")]
    Read(std::io::Error),
    #[error("it is not UTF-8 text")]
    NotUtf8,
}

/// The text of the regular file at `path`, of at most `limit` bytes.
pub fn read_text_file(path: &Path, limit: u64, links: Links) -> Result<String, ReadError> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Non-blocking: opening a FIFO for reading would otherwise wait for a writer. It changes nothing
        // for a regular file, the only kind read past the check below.
        let nofollow = if links == Links::Refuse {
            libc::O_NOFOLLOW
        } else {
            0
        };
        options.custom_flags(libc::O_NONBLOCK | nofollow);
    }
    let file = options.open(path).map_err(ReadError::Open)?;
    // The file that was opened, not whatever the path names by now.
    let meta = file.metadata().map_err(ReadError::Read)?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular);
    }
    if meta.len() > limit {
        return Err(ReadError::TooLarge { limit });
    }
    read_text(file, limit)
}

/// The text `reader` gives, of at most `limit` bytes; it is read no further than `limit + 1`.
pub fn read_text(reader: impl Read, limit: u64) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Read)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    String::from_utf8(bytes).map_err(|_| ReadError::NotUtf8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_reader_stops_one_byte_past_the_limit() {
        let mut endless = std::io::repeat(b'a');
        let e = read_text(&mut endless, 10).unwrap_err();
        assert!(matches!(e, ReadError::TooLarge { limit: 10 }), "{e}");
        assert_eq!(read_text(&b"0123456789"[..], 10).unwrap(), "0123456789");
        assert!(matches!(
            read_text(&[0xff_u8][..], 10),
            Err(ReadError::NotUtf8)
        ));
    }

    #[cfg(unix)]
    #[test]
    fn devices_and_directories_are_not_read() {
        for path in ["/dev/zero", "/dev/null", "/"] {
            let e = read_text_file(Path::new(path), 10, Links::Follow).unwrap_err();
            assert!(matches!(e, ReadError::NotRegular), "{path}: {e}");
        }
    }
}
