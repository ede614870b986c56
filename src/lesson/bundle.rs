//! The lessons and their data files, embedded in the binary so the tutor runs from any folder; a lesson can
//! also be opened from a path (its data files are then looked up next to it, then in the bundle).

use std::path::Path;

use include_dir::{Dir, include_dir};

use super::error::LessonError;
use super::files::{Links, read_text_file};
use super::model::{Lang, Lesson};
use super::parse::{MAX_LESSON_BYTES, parse_lesson};

static LESSONS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/lessons");
static ASSETS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/assets/lessons");

/// Every bundled lesson in both languages, sorted by order then language.
pub fn bundled() -> Result<Vec<Lesson>, LessonError> {
    let mut out = Vec::new();
    for lang in [Lang::En, Lang::Ko] {
        let Some(dir) = LESSONS.get_dir(lang.code()) else {
            continue;
        };
        for file in dir.files() {
            if file.path().extension().is_some_and(|e| e == "md") {
                let path = format!("lessons/{}", file.path().display());
                let text = file
                    .contents_utf8()
                    .ok_or_else(|| LessonError::at(&path, 1, "not UTF-8 text"))?;
                out.push(parse_lesson(text, &path, lang)?);
            }
        }
    }
    out.sort_by(|a, b| (a.order, a.lang, &a.id).cmp(&(b.order, b.lang, &b.id)));
    Ok(out)
}

/// The bundled lessons in one language (falling back to English for lessons missing in that language).
pub fn course(lang: Lang) -> Result<Vec<Lesson>, LessonError> {
    let all = bundled()?;
    let mut out: Vec<Lesson> = Vec::new();
    for l in &all {
        if out.iter().any(|o| o.id == l.id) {
            continue;
        }
        let pick = all
            .iter()
            .find(|x| x.id == l.id && x.lang == lang)
            .unwrap_or(l);
        out.push(pick.clone());
    }
    out.sort_by_key(|l| l.order);
    Ok(out)
}

/// A lesson by id (bundled), or by path to a Markdown file.
pub fn find(spec: &str, lang: Lang) -> Result<Lesson, LessonError> {
    let path = Path::new(spec);
    if spec.ends_with(".md") || path.exists() {
        return load_path(path);
    }
    if let Some(l) = find_by_file_name(spec, lang) {
        return Ok(l);
    }
    let course = course(lang)?;
    if let Some(l) = course.iter().find(|l| l.id == spec) {
        return Ok(l.clone());
    }
    if let Ok(n) = spec.parse::<u32>()
        && let Some(l) = course.iter().find(|l| l.order == n)
    {
        return Ok(l.clone());
    }
    let ids: Vec<&str> = course.iter().map(|l| l.id.as_str()).collect();
    Err(LessonError::at(
        spec,
        0,
        format!(
            "no lesson with this id or path; lessons: {}",
            ids.join(", ")
        ),
    ))
}

/// The bundled lesson named `NN-<id>.md` for `spec` (an id or a number), parsing only that file, in
/// `lang` or else in English: `trace masking` should not parse all 26 lessons first (that was 70% of its
/// time). Returns `None` when no file name fits or the parsed lesson is not the one asked for; the caller
/// then searches the whole course.
fn find_by_file_name(spec: &str, lang: Lang) -> Option<Lesson> {
    let number = spec.parse::<u32>().ok();
    for l in [lang, Lang::En] {
        let Some(dir) = LESSONS.get_dir(l.code()) else {
            continue;
        };
        for file in dir.files() {
            let Some(stem) = file.path().file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            let Some((num, id)) = stem.split_once('-') else {
                continue;
            };
            let fits = id == spec || (number.is_some() && num.parse::<u32>().ok() == number);
            if !fits || file.path().extension().is_none_or(|e| e != "md") {
                continue;
            }
            let path = format!("lessons/{}", file.path().display());
            let lesson = parse_lesson(file.contents_utf8()?, &path, l).ok()?;
            if lesson.id == spec || number == Some(lesson.order) {
                return Some(lesson);
            }
        }
    }
    None
}

/// A lesson file on disk; its language comes from its folder (`ko/`) or defaults to English.
pub fn load_path(path: &Path) -> Result<Lesson, LessonError> {
    let shown = path.display().to_string();
    let text = read_text_file(path, MAX_LESSON_BYTES as u64, Links::Follow)
        .map_err(|e| LessonError::at(&shown, 0, format!("cannot load this lesson: {e}")))?;
    let lang = path
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str())
        .and_then(Lang::parse)
        .unwrap_or(Lang::En);
    let mut lesson = parse_lesson(&text, &shown, lang)?;
    lesson.path = shown;
    Ok(lesson)
}

/// A data file named in front matter: next to a lesson opened from disk (`../../assets/lessons/` or the
/// lesson's own folder), else the bundled copy.
///
/// A shared lesson folder is not trusted: `name` must be a relative path of plain components, none of them
/// a symlink, naming a regular file (not a FIFO, a device or `/proc`'s endless files) of at most
/// [`MAX_DATA_BYTES`]; anything else is refused with the reason.
pub fn data_file(lesson: &Lesson, name: &str) -> Result<String, String> {
    use std::path::Component;
    let plain = !name.is_empty()
        && Path::new(name)
            .components()
            .all(|c| matches!(c, Component::Normal(_)));
    if !plain {
        return Err(format!(
            "data file `{name}` must be a relative path inside the lesson's folder"
        ));
    }
    let lesson_path = Path::new(&lesson.path);
    if lesson_path.exists()
        && let Some(dir) = lesson_path.parent()
    {
        for base in [dir.to_path_buf(), dir.join("../../assets/lessons")] {
            match read_plain_file(&base, name)? {
                Some(text) => return Ok(text),
                None => continue,
            }
        }
    }
    ASSETS
        .get_file(name)
        .and_then(|f| f.contents_utf8())
        .map(str::to_string)
        .ok_or_else(|| format!("data file `{name}` not found"))
}

/// Data files larger than this are refused: a lesson's data is a vocabulary or a few sentences.
pub const MAX_DATA_BYTES: u64 = 1 << 20;

/// `base/name` read as text, when it exists: `Ok(None)` when it does not, an error when a component is a
/// symlink, it is not a regular file, it is too large or not UTF-8.
fn read_plain_file(base: &Path, name: &str) -> Result<Option<String>, String> {
    let mut path = base.to_path_buf();
    let parts: Vec<_> = Path::new(name).components().collect();
    for (i, part) in parts.iter().enumerate() {
        path.push(part);
        let meta = match std::fs::symlink_metadata(&path) {
            Ok(m) => m,
            Err(_) => return Ok(None),
        };
        if meta.file_type().is_symlink() {
            return Err(format!(
                "data file `{name}`: `{}` is a symbolic link, which a lesson may not follow",
                path.display()
            ));
        }
        let last = i + 1 == parts.len();
        if last && !meta.is_file() {
            return Err(format!("data file `{name}` is not a regular file"));
        }
        if last && meta.len() > MAX_DATA_BYTES {
            return Err(format!(
                "data file `{name}` is {} bytes; lesson data may be at most {MAX_DATA_BYTES}",
                meta.len()
            ));
        }
    }
    // Opened without following a link swapped in since the check, without blocking on a FIFO, and read
    // no further than the limit.
    read_text_file(&path, MAX_DATA_BYTES, Links::Refuse)
        .map(Some)
        .map_err(|e| format!("data file `{name}`: {e}"))
}
