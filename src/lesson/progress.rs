//! The learner's progress and edits, keyed by lesson id (never by position), in a versioned JSON file in the
//! platform's data directory. Writes are atomic (temp file + rename), and the last good file is kept as
//! `progress.json.bak`. A file the tutor cannot read or parse (bad UTF-8, permissions, wrong types, a future
//! version) is renamed aside before anything is saved; if it cannot be moved, the tutor keeps the progress in
//! memory only and says so: an unread file is never overwritten.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

pub const STATE_VERSION: u32 = 1;
const FILE_NAME: &str = "progress.json";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct LessonProgress {
    /// Indices of cells that ran successfully.
    #[serde(default)]
    pub completed: BTreeSet<usize>,
    /// Predict-the-shape answers the learner typed, and whether they were right.
    #[serde(default)]
    pub answers: BTreeMap<usize, (String, bool)>,
    /// Edited cells: the learner's code and the original it replaced (to notice lesson updates).
    #[serde(default)]
    pub edits: BTreeMap<usize, Edit>,
    /// Cells whose output the learner has on screen (ran, with or without an error): the notebook runs
    /// them again, in order, when the lesson is opened again, so outputs survive a restart.
    #[serde(default)]
    pub ran: BTreeSet<usize>,
    /// The cell the learner was on.
    #[serde(default)]
    pub at: Option<usize>,
    /// Exercises tried, by cell: runs, hints seen, whether solved and whether the solution was shown.
    #[serde(default)]
    pub exercises: BTreeMap<usize, ExerciseProgress>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExerciseProgress {
    /// Runs of the learner's code that did not pass.
    #[serde(default)]
    pub tries: u32,
    /// Whether the checks have passed.
    #[serde(default)]
    pub passed: bool,
    /// How many hints were revealed.
    #[serde(default)]
    pub hints: usize,
    /// Whether the learner asked for the solution ("seen solution").
    #[serde(default)]
    pub seen_solution: bool,
}

/// Tries before the notebook offers an exercise's solution.
pub const TRIES_BEFORE_SOLUTION: u32 = 2;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Edit {
    pub original: String,
    pub code: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub version: u32,
    /// The lesson the learner was on.
    #[serde(default)]
    pub current: Option<String>,
    #[serde(default)]
    pub lang: Option<String>,
    #[serde(default)]
    pub lessons: BTreeMap<String, LessonProgress>,
    /// Dim sizes chosen in the TUI's Sizes panel, by name (empty: every lesson's own sizes). They apply
    /// again on the next start unless `--set` is given.
    #[serde(default)]
    pub sizes: BTreeMap<String, i64>,
    /// Why this progress may not be written: the file on disk could not be read and could not be moved
    /// aside, so writing would destroy it.
    #[serde(skip)]
    pub save_blocked: Option<String>,
}

impl Default for Progress {
    fn default() -> Self {
        Progress {
            version: STATE_VERSION,
            current: None,
            lang: None,
            lessons: BTreeMap::new(),
            sizes: BTreeMap::new(),
            save_blocked: None,
        }
    }
}

/// Where state lives: `$TRANSFORMER_TUTOR_HOME` when set (tests, portable installs), else the platform's
/// data directory (`~/.local/share/transformer-tutor` on Linux).
pub fn state_dir() -> Option<PathBuf> {
    if let Some(home) = std::env::var_os("TRANSFORMER_TUTOR_HOME").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(home));
    }
    directories::ProjectDirs::from("", "", "transformer-tutor").map(|d| d.data_dir().to_path_buf())
}

/// A loaded state file, with a message when something was wrong with the one on disk.
pub struct Loaded {
    pub progress: Progress,
    pub warning: Option<String>,
}

impl Progress {
    pub fn lesson(&self, id: &str) -> Option<&LessonProgress> {
        self.lessons.get(id)
    }

    pub fn lesson_mut(&mut self, id: &str) -> &mut LessonProgress {
        self.lessons.entry(id.to_string()).or_default()
    }

    /// Loads from `dir`; a missing file is a fresh start, an unreadable one is moved aside.
    pub fn load_from(dir: &Path) -> Loaded {
        let path = dir.join(FILE_NAME);
        let problem = match std::fs::read(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Loaded {
                    progress: Progress::default(),
                    warning: None,
                };
            }
            Err(e) => format!("it could not be read ({e})"),
            Ok(bytes) => match String::from_utf8(bytes) {
                Err(_) => "it is not UTF-8 text".to_string(),
                Ok(text) => match serde_json::from_str::<Progress>(&text) {
                    Ok(p) if p.version == STATE_VERSION => {
                        return Loaded {
                            progress: p,
                            warning: None,
                        };
                    }
                    Ok(p) => format!(
                        "it is version {}, this tutor reads version {STATE_VERSION}",
                        p.version
                    ),
                    Err(e) => format!("it is not valid ({e})"),
                },
            },
        };
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        let aside = dir.join(format!("{FILE_NAME}.unreadable-{stamp}"));
        match std::fs::rename(&path, &aside) {
            Ok(()) => Loaded {
                progress: Progress::default(),
                warning: Some(format!(
                    "progress file {} was set aside as {}: {problem}; starting fresh",
                    path.display(),
                    aside.display()
                )),
            },
            Err(e) => {
                let why = format!(
                    "progress file {} cannot be used ({problem}) and could not be set aside ({e}); \
                     progress is kept in memory only and the file is left as it is",
                    path.display()
                );
                Loaded {
                    progress: Progress {
                        save_blocked: Some(why.clone()),
                        ..Progress::default()
                    },
                    warning: Some(why),
                }
            }
        }
    }

    /// The language the learner last used, read without touching the file (a file that cannot be read
    /// is dealt with by [`Progress::load`]): the app reopens in it unless `--lang` says otherwise.
    pub fn saved_lang() -> Option<super::Lang> {
        let path = state_dir()?.join(FILE_NAME);
        let text =
            super::files::read_text_file(&path, 64 << 20, super::files::Links::Follow).ok()?;
        let progress: Progress = serde_json::from_str(&text).ok()?;
        super::Lang::parse(progress.lang.as_deref()?)
    }

    pub fn load() -> Loaded {
        match state_dir() {
            Some(dir) => Progress::load_from(&dir),
            None => Loaded {
                progress: Progress::default(),
                warning: Some("no data directory; progress will not be saved".into()),
            },
        }
    }

    /// Writes atomically: a temp file in the same directory, flushed, then renamed over the old one.
    pub fn save_to(&self, dir: &Path) -> std::io::Result<()> {
        if let Some(why) = &self.save_blocked {
            return Err(std::io::Error::other(why.clone()));
        }
        std::fs::create_dir_all(dir)?;
        let json = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        let tmp = dir.join(format!("{FILE_NAME}.tmp-{}", std::process::id()));
        {
            use std::io::Write;
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(json.as_bytes())?;
            f.sync_all()?;
        }
        // The file being replaced was read and parsed (a bad one was set aside): keep it as the backup.
        let path = dir.join(FILE_NAME);
        if path.exists() {
            let _ = std::fs::copy(&path, dir.join(format!("{FILE_NAME}.bak")));
        }
        std::fs::rename(&tmp, path)
    }

    pub fn save(&self) -> std::io::Result<()> {
        match state_dir() {
            Some(dir) => self.save_to(&dir),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("tt-progress-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn round_trip_and_atomic_replace() {
        let dir = temp_dir("rt");
        let mut p = Progress {
            current: Some("masking".into()),
            ..Progress::default()
        };
        p.lesson_mut("masking").completed.insert(3);
        p.sizes.insert("hid_dim".into(), 512);
        p.lesson_mut("masking").edits.insert(
            1,
            Edit {
                original: "x = 1".into(),
                code: "x = 2".into(),
            },
        );
        p.save_to(&dir).unwrap();
        let back = Progress::load_from(&dir);
        assert!(back.warning.is_none());
        assert_eq!(back.progress, p);
        assert!(
            std::fs::read_dir(&dir).unwrap().all(|e| !e
                .unwrap()
                .file_name()
                .to_string_lossy()
                .contains(".tmp"))
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn corrupt_and_future_files_are_set_aside() {
        let dir = temp_dir("bad");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(FILE_NAME), "{ not json").unwrap();
        let l = Progress::load_from(&dir);
        assert!(l.warning.unwrap().contains("set aside"));
        assert_eq!(l.progress, Progress::default());
        assert!(!dir.join(FILE_NAME).exists());
        std::fs::write(dir.join(FILE_NAME), "{\"version\": 99}").unwrap();
        let l = Progress::load_from(&dir);
        assert!(l.warning.unwrap().contains("version 99"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_with_bad_utf8_is_set_aside_whole_before_anything_is_saved() {
        let dir = temp_dir("bad-utf8");
        std::fs::create_dir_all(&dir).unwrap();
        let bytes = b"{\"version\": 1, \"current\": \"masking\xff\"}".to_vec();
        std::fs::write(dir.join(FILE_NAME), &bytes).unwrap();
        let l = Progress::load_from(&dir);
        let w = l.warning.unwrap();
        assert!(w.contains("not UTF-8") && w.contains("set aside as"), "{w}");
        l.progress.save_to(&dir).unwrap();
        let aside: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().contains("unreadable"))
            .collect();
        assert_eq!(aside.len(), 1);
        assert_eq!(std::fs::read(aside[0].path()).unwrap(), bytes);
    }

    #[test]
    fn a_file_that_cannot_be_set_aside_is_never_overwritten() {
        let dir = temp_dir("blocked");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(FILE_NAME), b"not json").unwrap();
        let p = Progress {
            save_blocked: Some("cannot be set aside".into()),
            ..Progress::default()
        };
        let e = p.save_to(&dir).unwrap_err();
        assert!(e.to_string().contains("cannot be set aside"));
        assert_eq!(std::fs::read(dir.join(FILE_NAME)).unwrap(), b"not json");
    }

    #[test]
    fn the_last_good_file_is_kept_as_a_backup() {
        let dir = temp_dir("backup");
        let mut p = Progress::default();
        p.lesson_mut("masking").completed.insert(3);
        p.save_to(&dir).unwrap();
        p.lesson_mut("masking").completed.insert(4);
        p.save_to(&dir).unwrap();
        let bak = std::fs::read_to_string(dir.join(format!("{FILE_NAME}.bak"))).unwrap();
        let back: Progress = serde_json::from_str(&bak).unwrap();
        assert_eq!(back.lesson("masking").unwrap().completed.len(), 1);
    }

    #[test]
    fn a_file_from_before_sizes_were_kept_still_loads() {
        let dir = temp_dir("old");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join(FILE_NAME),
            "{\"version\": 1, \"current\": \"masking\", \"lessons\": {}}",
        )
        .unwrap();
        let l = Progress::load_from(&dir);
        assert!(l.warning.is_none());
        assert_eq!(l.progress.current.as_deref(), Some("masking"));
        assert!(l.progress.sizes.is_empty());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
