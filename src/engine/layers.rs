//! The engine's leaves stay a layer (issue 24): coordinates, sets, cards, terrain and harbors,
//! the board, the map, actions and events, the rules' configuration, the house-rule flags and
//! the RNG import nothing above them, neither the game (`game.rs`), the sinks (`sink.rs`), the
//! rules (`rules/`) nor anything else outside the leaves. So each can be read, and tested, alone.
//!
//! Measured from the source: every path in a leaf's `use` lines, and every `crate::engine::` or
//! `super::` path written inline, is resolved to the engine module it names (an item the
//! engine re-exports, such as `crate::engine::Game`, counts as its module's). Test modules are
//! left out: a test may build a game.

use std::path::{Path, PathBuf};

/// The modules of the bottom layer, as named under `src/engine` (a folder counts whole).
const LEAVES: [&str; 10] = ["coords", "sets", "cards", "terrain", "board", "map", "action", "config", "module", "rng"];

/// What a path at the engine's top can name.
struct Engine {
    /// Each item `src/engine/mod.rs` re-exports, with the module it comes from.
    reexported: Vec<(String, String)>,
    /// The engine's modules: its files and folders.
    modules: Vec<String>,
}

impl Engine {
    fn read(engine: &Path) -> Engine {
        let reexported = reexports(&std::fs::read_to_string(engine.join("mod.rs")).expect("src/engine/mod.rs"));
        let modules = std::fs::read_dir(engine)
            .expect("src/engine")
            .map(|e| e.expect("a readable folder").path())
            .filter_map(|p| Some(p.file_stem()?.to_str()?.to_string()))
            .filter(|m| m != "mod")
            .collect();
        Engine { reexported, modules }
    }
}

/// The engine module each item re-exported by `src/engine/mod.rs` comes from.
fn reexports(engine_mod: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (public, tree) in statements(&strip(engine_mod)) {
        if !public {
            continue;
        }
        for path in expand(&tree) {
            if let [module, .., item] = path.as_slice() {
                out.push((item.clone(), module.clone()));
            }
        }
    }
    out
}

/// Source without comments, string and character contents and test modules (`#[cfg(test)]
/// mod`), its whitespace squeezed.
fn strip(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < c.len() {
        match (c[i], c.get(i + 1).copied(), c.get(i + 2).copied()) {
            ('/', Some('/'), _) => {
                while i < c.len() && c[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            ('/', Some('*'), _) => {
                i += 2;
                while i + 1 < c.len() && !(c[i] == '*' && c[i + 1] == '/') {
                    i += 1;
                }
                i += 2;
                continue;
            }
            ('"', _, _) => {
                i += 1;
                while i < c.len() && c[i] != '"' {
                    i += if c[i] == '\\' { 2 } else { 1 };
                }
                out.push_str("\"\"");
            }
            ('\'', Some('\\'), _) => {
                i += 2;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                out.push_str("' '");
            }
            ('\'', Some(_), Some('\'')) => {
                i += 2;
                out.push_str("' '");
            }
            (other, _, _) => out.push(other),
        }
        i += 1;
    }
    let mut squeezed = out.split_whitespace().collect::<Vec<_>>().join(" ");
    while let Some(i) = squeezed.find("#[cfg(test)] mod ") {
        let end = match squeezed[i..].find(['{', ';']).map(|j| i + j) {
            Some(j) if squeezed[j..].starts_with('{') => {
                let mut depth = 0;
                let close = squeezed[j..].char_indices().find(|&(_, c)| {
                    depth += match c {
                        '{' => 1,
                        '}' => -1,
                        _ => 0,
                    };
                    depth == 0
                });
                close.map_or(squeezed.len(), |(k, _)| j + k + 1)
            }
            Some(j) => j + 1,
            None => squeezed.len(),
        };
        squeezed.replace_range(i..end, "");
    }
    squeezed
}

/// Every `use` statement's tree (the text between `use` and `;`), and whether it is `pub use`.
fn statements(src: &str) -> Vec<(bool, String)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = src[from..].find("use ").map(|i| from + i) {
        from = i + 4;
        if src[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let Some(end) = src[i..].find(';') else { break };
        out.push((src[..i].ends_with("pub "), src[i + 4..i + end].to_string()));
    }
    out
}

/// The flat paths of a use tree: `a::{b, c::{d as e}}` gives `a::b` and `a::c::d`.
fn expand(tree: &str) -> Vec<Vec<String>> {
    let words: Vec<&str> = tree.split(' ').collect();
    let mut kept = String::new();
    let mut k = 0;
    while k < words.len() {
        if words[k] == "as" {
            // `as name` and whatever punctuation ends the name.
            let name = words.get(k + 1).copied().unwrap_or_default();
            kept.push_str(name.trim_start_matches(|c: char| c.is_alphanumeric() || c == '_'));
            k += 2;
            continue;
        }
        kept.push_str(words[k]);
        k += 1;
    }
    let mut out = Vec::new();
    expand_into(&[], &kept, &mut out);
    out
}

fn expand_into(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
    let segments = |t: &str| t.split("::").filter(|s| !s.is_empty()).map(str::to_string).collect::<Vec<_>>();
    let mut head = prefix.to_vec();
    let Some(open) = tree.find('{') else {
        head.extend(segments(tree));
        out.push(head);
        return;
    };
    head.extend(segments(&tree[..open]));
    let body = &tree[open + 1..tree.len() - 1];
    let (mut depth, mut start) = (0, 0);
    for (i, c) in body.char_indices().chain([(body.len(), ',')]) {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                if i > start {
                    expand_into(&head, &body[start..i], out);
                }
                start = i + 1;
            }
            _ => {}
        }
    }
}

/// Paths written inline, outside `use` lines: `crate::engine::game::Game`, `super::sink::X`.
fn inline_paths(src: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for start in ["crate::engine::", "super::"] {
        let mut rest = src;
        while let Some(i) = rest.find(start) {
            let before_ok = i == 0 || !rest[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':');
            let path: String = rest[i..].chars().take_while(|&c| c.is_alphanumeric() || c == '_' || c == ':').collect();
            if before_ok {
                out.push(path.split("::").filter(|s| !s.is_empty()).map(str::to_string).collect());
            }
            rest = &rest[i + start.len()..];
        }
    }
    out
}

/// The engine module (top level under `src/engine`) a path written in module `here` names, if
/// it names one: `super` and `self` are resolved, `crate::engine::` read from the top, items
/// re-exported by the engine mapped to their module. Paths outside the engine give `None`.
fn target(here: &[String], path: &[String], engine: &Engine) -> Option<String> {
    let Engine { reexported, modules } = engine;
    let mut at: Vec<String>;
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") if rest.get(1).map(String::as_str) == Some("engine") => {
            at = Vec::new();
            rest = &rest[2..];
        }
        Some("super") | Some("self") => {
            at = here.to_vec();
            while let Some(first) = rest.first() {
                match first.as_str() {
                    "super" => {
                        at.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    if let Some(top) = at.first() {
        return Some(top.clone());
    }
    let first = rest.first()?;
    if let Some((_, module)) = reexported.iter().find(|(item, _)| item == first) {
        return Some(module.clone());
    }
    // At the engine's top there are only modules and what it re-exports: another name is an
    // inline module's `super` (`rng::sse2` reads `super::WINDOW`), which stays in its file.
    modules.contains(first).then(|| first.clone())
}

/// The imports from a leaf file (its module path `here`) into engine modules outside the
/// leaves, as "module: path".
fn escapes(here: &[String], src: &str, engine: &Engine) -> Vec<String> {
    let src = strip(src);
    let uses = statements(&src);
    let mut paths: Vec<Vec<String>> = uses.iter().flat_map(|(_, tree)| expand(tree)).collect();
    let mut rest = src.clone();
    for (_, tree) in &uses {
        rest = rest.replacen(&format!("use {tree};"), "", 1);
    }
    paths.extend(inline_paths(&rest));
    let mut out = Vec::new();
    for path in paths {
        if let Some(module) = target(here, &path, engine)
            && !LEAVES.contains(&module.as_str())
            && module != "*"
        {
            out.push(format!("{}: {}", here.join("::"), path.join("::")));
        }
    }
    out
}

/// Each leaf's files with their module paths (`map/topology.rs` is `map::topology`); a
/// folder's `tests.rs` is a test module and left out.
fn leaf_files(engine: &Path) -> Vec<(Vec<String>, PathBuf)> {
    let mut out = Vec::new();
    for leaf in LEAVES {
        let file = engine.join(format!("{leaf}.rs"));
        if file.exists() {
            out.push((vec![leaf.to_string()], file));
        }
        let dir = engine.join(leaf);
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries {
            let path = entry.expect("a readable folder").path();
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
            if path.extension().is_some_and(|e| e == "rs") && stem != "tests" {
                let here = if stem == "mod" { vec![leaf.to_string()] } else { vec![leaf.to_string(), stem] };
                out.push((here, path));
            }
        }
    }
    out
}

#[test]
fn the_leaves_import_nothing_above_them() {
    let engine = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine");
    let known = Engine::read(&engine);
    assert!(known.reexported.contains(&("Game".to_string(), "game".to_string())), "{:?}", known.reexported);
    assert!(known.modules.iter().any(|m| m == "rules") && known.modules.iter().any(|m| m == "sink"));
    let files = leaf_files(&engine);
    assert!(files.len() > LEAVES.len(), "the map's files are read too: {files:?}");
    let mut found = Vec::new();
    let mut imports = 0;
    for (here, file) in &files {
        let src = std::fs::read_to_string(file).expect("a leaf file");
        imports += statements(&strip(&src)).len();
        found.extend(escapes(here, &src, &known));
    }
    assert!(imports > 20, "the leaves' use lines are read ({imports})");
    assert_eq!(found, Vec::<String>::new(), "a leaf imports from above the leaves");
}

/// The measure itself finds what it should: each way of naming the game, a sink or a rule.
#[test]
fn the_measure_catches_a_leaf_that_reaches_up() {
    let names = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let reexported = vec![("Game".to_string(), "game".to_string()), ("Hex".to_string(), "coords".to_string())];
    let engine = Engine { reexported, modules: names(&["coords", "sets", "map", "game", "sink", "rules"]) };
    let coords = ["coords".to_string()];
    let topology = ["map".to_string(), "topology".to_string()];
    let caught = |here: &[String], src: &str| escapes(here, src, &engine).len();
    assert_eq!(caught(&coords, "use super::game::Game;"), 1);
    assert_eq!(caught(&coords, "use crate::engine::{Hex, Game};"), 1);
    assert_eq!(caught(&coords, "use super::{sets::HexSet, rules::{x, y}};"), 2);
    assert_eq!(caught(&coords, "fn f() { crate::engine::sink::NoEvents }"), 1);
    assert_eq!(caught(&topology, "use super::super::game::Phase; use super::spec::MapSpec;"), 1);
    assert_eq!(caught(&topology, "use crate::engine::coords::Hex; use std::fmt;"), 0);
    assert_eq!(caught(&coords, "// use super::game::Game;\n/// [`Game`](super::game::Game)\nuse super::sets::X;"), 0);
    assert_eq!(caught(&coords, "fn f() {}\n#[cfg(test)]\nmod tests { use super::super::game::Game; }"), 0);
    assert_eq!(caught(&coords, "mod inner { use super::{WINDOW, SIGMA}; }"), 0, "in an inline module");
    assert_eq!(caught(&coords, "#[cfg(test)]\nmod layers;\nuse super::sink::NoEvents; fn f() { '{'; }"), 1);
}
