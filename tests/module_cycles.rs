//! No cycles between the files of `src/`: reads every `use` declaration of
//! the library (`use crate::…`, `use super::…`, `use self::…` and paths that
//! start at a child module) and every `crate::…`, `super::…` and `self::…`
//! path written out in code,
//! resolves each path to the file that defines the item it names, and fails
//! when two files reach each other.
//!
//! Re-exports are followed: `use crate::lab::Preset` is an edge to
//! `lab/model/ids.rs`, where `lab/mod.rs`'s `pub use ids::{…, Preset}` points. A
//! module file's `pub use` of its own descendants is its public face, not a
//! dependency, so it adds no edge; every other `use` does, test modules
//! included (`use super::*` in an inline `mod tests` names its own file and
//! adds nothing). Binaries (`main.rs`, `bin/`) are crates of their own and
//! are left out.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

type Graph = BTreeMap<String, BTreeSet<String>>;

/// Every `.rs` file of the library with its module path (`lab/model/sim/mod.rs`
/// → `lab::model::sim`), including files a `#[path]` attribute names.
fn modules(src: &Path) -> BTreeMap<Vec<String>, String> {
    let mut files = Vec::new();
    collect(src, src, &mut files);
    let mut out = BTreeMap::new();
    for rel in &files {
        if rel == "main.rs" || rel.starts_with("bin/") {
            continue;
        }
        let stem = rel.trim_end_matches(".rs");
        let mut path: Vec<String> = stem.split('/').map(String::from).collect();
        if matches!(path.last().map(String::as_str), Some("mod" | "lib")) {
            path.pop();
        }
        out.insert(path, rel.clone());
    }
    // `#[path = "x_tests.rs"] mod tests;` makes `x_tests.rs` the module `x::tests`.
    for (path, rel) in out.clone() {
        let text = fs::read_to_string(src.join(&rel)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(target) = line
                .trim()
                .strip_prefix("#[path = \"")
                .and_then(|s| s.strip_suffix("\"]"))
            else {
                continue;
            };
            let decl = lines[i + 1..].iter().find(|l| l.contains("mod ")).unwrap();
            let name = decl.split("mod ").nth(1).unwrap().trim_end_matches(';');
            let dir = Path::new(&rel).parent().unwrap().to_str().unwrap();
            let file = if dir.is_empty() {
                target.to_string()
            } else {
                format!("{dir}/{target}")
            };
            let stem: Vec<String> = file
                .trim_end_matches(".rs")
                .split('/')
                .map(String::from)
                .collect();
            out.remove(&stem);
            let mut child = path.clone();
            child.push(name.trim().to_string());
            out.insert(child, file);
        }
    }
    out
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<String>) {
    for entry in fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            collect(root, &p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let rel = p.strip_prefix(root).unwrap().to_str().unwrap();
            out.push(rel.replace('\\', "/"));
        }
    }
}

/// One `use` declaration.
#[derive(Debug)]
struct Use {
    /// The inline module it sits in (`["tests"]` inside `mod tests { … }`).
    inline: Vec<String>,
    /// At file level (not in a function or an inline module).
    top: bool,
    /// `pub use`, `pub(crate) use`, …
    public: bool,
    tree: String,
}

/// Each line of a file's code (comments cut) with the inline module it sits
/// in and its indent; the lines that open and close an inline module are
/// left out. Relies on rustfmt's layout: an inline module opens with
/// `mod name {` and closes with `}` at the same indent.
fn code_lines(text: &str) -> Vec<(Vec<String>, usize, &str)> {
    let mut out = Vec::new();
    let mut inline: Vec<(usize, String)> = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap();
        let indent = line.len() - line.trim_start().len();
        if let Some(name) = strip_visibility(code.trim_start())
            .strip_prefix("mod ")
            .and_then(|s| s.trim_end().strip_suffix(" {"))
        {
            inline.push((indent, name.to_string()));
            continue;
        }
        if line.trim() == "}" && inline.last().is_some_and(|(i, _)| *i == indent) {
            inline.pop();
            continue;
        }
        let names = inline.iter().map(|(_, n)| n.clone()).collect();
        out.push((names, indent, code));
    }
    out
}

/// The `use` declarations of a file.
fn uses(text: &str) -> Vec<Use> {
    let mut out = Vec::new();
    let mut pending: Option<Use> = None;
    for (inline, indent, code) in code_lines(text) {
        if let Some(mut u) = pending.take() {
            u.tree.push(' ');
            u.tree.push_str(code);
            finish(u, &mut out, &mut pending);
            continue;
        }
        let trimmed = code.trim_start();
        let body = strip_visibility(trimmed);
        let Some(rest) = body.strip_prefix("use ") else {
            continue;
        };
        let u = Use {
            inline,
            top: indent == 0,
            public: body.len() < trimmed.len(),
            tree: rest.to_string(),
        };
        finish(u, &mut out, &mut pending);
    }
    out
}

/// Ends a declaration at its `;`, or keeps it pending for the next line.
fn finish(mut u: Use, out: &mut Vec<Use>, pending: &mut Option<Use>) {
    match u.tree.find(';') {
        Some(end) => {
            u.tree.truncate(end);
            out.push(u);
        }
        None => *pending = Some(u),
    }
}

fn strip_visibility(s: &str) -> &str {
    if let Some(rest) = s.strip_prefix("pub(") {
        return rest.split_once(") ").map_or(s, |(_, r)| r);
    }
    s.strip_prefix("pub ").unwrap_or(s)
}

/// Every path a use tree names, with the name it binds (`*` for a glob):
/// `a::{b, c::{d as e, self}, f::*}` gives `a::b` (b), `a::c::d` (e),
/// `a::c` (c) and `a::f` (*).
fn expand(tree: &str) -> Vec<(Vec<String>, String)> {
    let flat: String = tree
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace(" as ", "@")
        .replace(' ', "");
    let mut out = Vec::new();
    expand_into(&flat, &[], &mut out);
    out
}

fn expand_into(tree: &str, prefix: &[String], out: &mut Vec<(Vec<String>, String)>) {
    for item in split_top(tree) {
        if let Some(open) = item.find("::{") {
            let mut head = prefix.to_vec();
            head.extend(item[..open].split("::").map(String::from));
            expand_into(&item[open + 3..item.len() - 1], &head, out);
            continue;
        }
        let (item, alias) = match item.split_once('@') {
            Some((i, a)) => (i, Some(a)),
            None => (item, None),
        };
        let mut path = prefix.to_vec();
        path.extend(item.split("::").filter(|s| !s.is_empty()).map(String::from));
        let glob = path.last().is_some_and(|l| l == "*");
        if matches!(path.last().map(String::as_str), Some("self" | "*")) {
            path.pop();
        }
        let name = match (alias, glob) {
            (Some(a), _) => a.to_string(),
            (None, true) => "*".to_string(),
            (None, false) => path.last().cloned().unwrap_or_default(),
        };
        out.push((path, name));
    }
}

/// Splits at the commas outside braces.
fn split_top(s: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&s[start..]);
    parts.into_iter().filter(|p| !p.is_empty()).collect()
}

type Mods = BTreeMap<Vec<String>, String>;

/// The absolute module path a use path names, or `None` for other crates.
fn resolve(scope: &[String], path: &[String], mods: &Mods) -> Option<Vec<String>> {
    let mut base = scope.to_vec();
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &path[1..];
        }
        Some("self") => rest = &path[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                base.pop()?;
                rest = &rest[1..];
            }
        }
        Some(first) => {
            let mut child = scope.to_vec();
            child.push(first.to_string());
            if !mods.contains_key(&child) {
                return None;
            }
        }
        None => return None,
    }
    base.extend(rest.iter().cloned());
    Some(base)
}

/// The longest module prefix of `path`: its length and its file.
fn module_of<'a>(path: &[String], mods: &'a Mods) -> (usize, &'a str) {
    (0..=path.len())
        .rev()
        .find_map(|n| mods.get(&path[..n]).map(|f| (n, f.as_str())))
        .unwrap()
}

/// The library's files, what each imports at file level (visible to its
/// child modules, and to everyone when public) and what each defines.
struct Index {
    mods: Mods,
    texts: BTreeMap<String, String>,
    /// file → bound name → the absolute path it stands for.
    imports: BTreeMap<String, BTreeMap<String, Vec<String>>>,
    /// file → modules it glob-imports.
    globs: BTreeMap<String, Vec<Vec<String>>>,
}

impl Index {
    fn new(src: &Path) -> Index {
        let mods = modules(src);
        let mut ix = Index {
            mods: mods.clone(),
            texts: BTreeMap::new(),
            imports: BTreeMap::new(),
            globs: BTreeMap::new(),
        };
        for (module, rel) in &mods {
            let text = fs::read_to_string(src.join(rel)).unwrap();
            let (imports, globs) = (
                ix.imports.entry(rel.clone()).or_default(),
                ix.globs.entry(rel.clone()).or_default(),
            );
            for u in uses(&text).iter().filter(|u| u.top && u.inline.is_empty()) {
                for (path, name) in expand(&u.tree) {
                    let Some(abs) = resolve(module, &path, &mods) else {
                        continue;
                    };
                    if name == "*" {
                        globs.push(abs);
                    } else {
                        imports.insert(name, abs);
                    }
                }
            }
            ix.texts.insert(rel.clone(), text);
        }
        ix
    }

    /// Whether `file` declares an item called `name` itself.
    fn defines(&self, file: &str, name: &str) -> bool {
        const KINDS: [&str; 9] = [
            "fn",
            "struct",
            "enum",
            "const",
            "static",
            "type",
            "trait",
            "mod",
            "macro_rules!",
        ];
        self.texts[file].lines().any(|l| {
            let body = strip_visibility(l.trim_start());
            KINDS.iter().any(|k| {
                body.strip_prefix(k)
                    .and_then(|r| r.strip_prefix(' '))
                    .is_some_and(|r| {
                        r.starts_with(name)
                            && !r[name.len()..]
                                .starts_with(|c: char| c.is_alphanumeric() || c == '_')
                    })
            })
        })
    }

    /// The file that defines what `abs` names, following re-exports.
    fn locate(&self, abs: &[String], depth: usize) -> String {
        let (n, file) = module_of(abs, &self.mods);
        if n == abs.len() || depth > 8 || self.defines(file, &abs[n]) {
            return file.to_string();
        }
        let joined = |head: &[String]| [head, &abs[n + 1..]].concat();
        if let Some(target) = self.imports[file].get(&abs[n]) {
            return self.locate(&joined(target), depth + 1);
        }
        for g in &self.globs[file] {
            let (_, gf) = module_of(g, &self.mods);
            if self.defines(gf, &abs[n]) || self.imports[gf].contains_key(&abs[n]) {
                return self.locate(&[g.as_slice(), &abs[n..]].concat(), depth + 1);
            }
        }
        file.to_string()
    }
}

/// Paths written out in code (`crate::i18n::t(…)`, `super::compose::q(…)`,
/// `self::x::y`), outside `use` lines and comments, as file-level uses in
/// the inline module they sit in.
fn code_paths(text: &str) -> Vec<Use> {
    let mut out = Vec::new();
    let mut in_use = false;
    for (inline, _, code) in code_lines(text) {
        if in_use || strip_visibility(code.trim_start()).starts_with("use ") {
            in_use = !code.contains(';');
            continue;
        }
        for start in ["crate::", "super::", "self::"] {
            for (k, _) in code.match_indices(start) {
                if code[..k].ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                let path: String = code[k..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                    .collect();
                out.push(Use {
                    inline: inline.clone(),
                    top: false,
                    public: false,
                    tree: path.trim_end_matches(':').to_string(),
                });
            }
        }
    }
    out
}

/// A module file's `pub use` of its own descendants: its public face.
fn is_facade(rel: &str, module: &[String], u: &Use, abs: &[String]) -> bool {
    let module_file = rel == "lib.rs" || rel.ends_with("/mod.rs");
    module_file && u.public && u.top && abs.len() > module.len() && abs.starts_with(module)
}

/// Edges between the files of `src/`, each with the use path that makes it.
fn graph(src: &Path) -> (Graph, BTreeMap<(String, String), String>) {
    let ix = Index::new(src);
    let (mut g, mut why) = (Graph::new(), BTreeMap::new());
    for (module, rel) in &ix.mods {
        g.entry(rel.clone()).or_default();
        let text = &ix.texts[rel];
        for u in uses(text).into_iter().chain(code_paths(text)) {
            let scope = [module.as_slice(), &u.inline].concat();
            for (path, _) in expand(&u.tree) {
                let Some(abs) = resolve(&scope, &path, &ix.mods) else {
                    continue;
                };
                if is_facade(rel, module, &u, &abs) {
                    continue;
                }
                let to = ix.locate(&abs, 0);
                if &to != rel {
                    g.get_mut(rel).unwrap().insert(to.clone());
                    why.entry((rel.clone(), to))
                        .or_insert_with(|| path.join("::"));
                }
            }
        }
    }
    (g, why)
}

fn reachable(g: &Graph, from: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut stack = vec![from.to_string()];
    while let Some(n) = stack.pop() {
        for m in &g[&n] {
            if seen.insert(m.clone()) {
                stack.push(m.clone());
            }
        }
    }
    seen
}

/// The sets of files that reach each other (two or more files each).
fn cycles(g: &Graph) -> Vec<BTreeSet<String>> {
    let reach: BTreeMap<&String, BTreeSet<String>> =
        g.keys().map(|n| (n, reachable(g, n))).collect();
    let mut out: Vec<BTreeSet<String>> = Vec::new();
    for n in g.keys() {
        if !reach[n].contains(n) || out.iter().any(|c| c.contains(n)) {
            continue;
        }
        let scc: BTreeSet<String> = g
            .keys()
            .filter(|m| reach[n].contains(*m) && reach[*m].contains(n))
            .cloned()
            .collect();
        out.push(scc);
    }
    out
}

fn describe(scc: &BTreeSet<String>, g: &Graph, why: &BTreeMap<(String, String), String>) -> String {
    let mut s = String::new();
    for a in scc {
        for b in g[a].intersection(scc) {
            let via = &why[&(a.clone(), b.clone())];
            s.push_str(&format!("\n    {a} -> {b}  (use {via})"));
        }
    }
    s
}

#[test]
fn no_cycles_between_the_files_of_src() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let (g, why) = graph(&src);
    assert!(g.len() > 100, "read only {} files", g.len());
    // Edges the reader must see: a direct use, a path through a facade's
    // re-export (`crate::lab::Preset` is defined in `lab/model/ids.rs`), paths
    // written out in code (from the crate and from the parent), and a
    // `#[path]` test file.
    for (from, to) in [
        ("herd/budget.rs", "herd/sim.rs"),
        ("lab/params/build.rs", "lab/model/ids.rs"),
        ("ui/widgets.rs", "kernel/html.rs"),
        ("exercises/progress.rs", "exercises/renames.rs"),
        ("kernel/params_tests.rs", "kernel/params.rs"),
    ] {
        assert!(
            g[from].contains(to),
            "{from} -> {to} not seen: {:?}",
            g[from]
        );
    }
    let mut problems = String::new();
    for scc in cycles(&g) {
        problems.push_str(&format!(
            "\ncycle between {scc:?}:{}",
            describe(&scc, &g, &why)
        ));
    }
    assert!(problems.is_empty(), "{problems}");
}

#[test]
fn the_reader_resolves_use_trees() {
    let paths = expand("crate::{a::b, c::{d as e, self}, f::*}");
    let names: Vec<String> = paths
        .iter()
        .map(|(p, n)| format!("{}={n}", p.join("::")))
        .collect();
    assert_eq!(
        names,
        ["crate::a::b=b", "crate::c::d=e", "crate::c=c", "crate::f=*"]
    );
    let text = "use super::x;\npub(crate) use crate::y::{\n    Z, // note\n    W,\n};\n\
                fn f() {\n    use super::v;\n}\n\nmod tests {\n    use super::*;\n}\n";
    let found = uses(text);
    let flags: Vec<_> = found
        .iter()
        .map(|u| (u.top, u.public, u.inline.len()))
        .collect();
    assert_eq!(
        flags,
        [
            (true, false, 0),
            (true, true, 0),
            (false, false, 0),
            (false, false, 1)
        ]
    );
    assert_eq!(
        found[1].tree.split_whitespace().collect::<String>(),
        "crate::y::{Z,W,}"
    );
    let mut mods = Mods::new();
    for (p, f) in [
        (vec![], "lib.rs"),
        (vec!["a"], "a/mod.rs"),
        (vec!["a", "b"], "a/b.rs"),
    ] {
        mods.insert(p.into_iter().map(String::from).collect(), f.to_string());
    }
    let scope = vec!["a".to_string(), "b".to_string()];
    let abs = resolve(&scope, &["super".into(), "Thing".into()], &mods).unwrap();
    assert_eq!(module_of(&abs, &mods), (1, "a/mod.rs"));
    assert_eq!(resolve(&scope, &["std".into(), "fmt".into()], &mods), None);
    let g: Graph = [("x", vec!["y"]), ("y", vec!["x", "z"]), ("z", vec![])]
        .into_iter()
        .map(|(a, bs)| (a.to_string(), bs.into_iter().map(String::from).collect()))
        .collect();
    let xy: BTreeSet<String> = ["x", "y"].into_iter().map(String::from).collect();
    assert_eq!(cycles(&g), [xy]);
}

#[test]
fn the_reader_sees_paths_written_out_in_code_in_their_module() {
    let text = "use super::{\n    a::b,\n};\nfn f() {\n    let x = super::bank::q(1); // super::no\n}\n\
                mod tests {\n    fn g() {\n        self::h(crate::lab::cell(), foo::super::z);\n    }\n}\n";
    let found: Vec<(String, usize)> = code_paths(text)
        .into_iter()
        .map(|u| (u.tree, u.inline.len()))
        .collect();
    assert_eq!(
        found,
        [
            ("super::bank::q".to_string(), 0),
            ("crate::lab::cell".to_string(), 1),
            ("self::h".to_string(), 1),
        ]
    );
}

/// The layers of `src/`, lowest first: a file may use its own layer and
/// the ones below it, never one above. Folders of one layer may use each
/// other as long as no two folders reach each other
/// ([`no_cycles_between_the_folders_of_src`]). The README's «Layout»
/// states the same order.
const LAYERS: &[(&str, &[&str])] = &[
    ("kernel", &["kernel"]),
    ("demo models", &["herd", "amplify", "lab"]),
    ("pages: routes and links", &["pages"]),
    ("grading and text", &["exercises", "i18n"]),
    ("shell: embed, field labels, shortcuts", &["shell"]),
    ("ui", &["ui"]),
];

/// The top-level folder of a file of `src/` (`None` for `lib.rs`).
fn folder(file: &str) -> Option<&str> {
    file.split_once('/').map(|(f, _)| f)
}

/// The index of the layer `folder` belongs to.
fn layer(folder: &str) -> usize {
    LAYERS
        .iter()
        .position(|(_, folders)| folders.contains(&folder))
        .unwrap_or_else(|| panic!("folder {folder} is in no layer of LAYERS"))
}

/// Every use that runs from a lower layer to a higher one:
/// `(from_file, to_folder) → the use path`.
fn upward_uses(
    g: &Graph,
    why: &BTreeMap<(String, String), String>,
) -> BTreeMap<(String, String), String> {
    uses_up(g, why, folder, layer)
}

/// Every use from a file in one part to a part of a higher rank:
/// `(from_file, to_part) → the use path (and the file used)`. Files in no
/// part (`part` says `None`) are left out.
fn uses_up(
    g: &Graph,
    why: &BTreeMap<(String, String), String>,
    part: fn(&str) -> Option<&str>,
    rank: fn(&str) -> usize,
) -> BTreeMap<(String, String), String> {
    let mut out = BTreeMap::new();
    for (from, tos) in g {
        let Some(pf) = part(from) else { continue };
        for to in tos {
            let Some(pt) = part(to) else { continue };
            if rank(pt) > rank(pf) {
                out.entry((from.clone(), pt.to_string()))
                    .or_insert_with(|| format!("{} ({to})", why[&(from.clone(), to.clone())]));
            }
        }
    }
    out
}

/// The graph between the top-level folders of `src/` (`lib.rs` left out),
/// each edge with one file-level use that makes it.
fn folder_graph(
    g: &Graph,
    why: &BTreeMap<(String, String), String>,
) -> (Graph, BTreeMap<(String, String), String>) {
    let (mut out, mut out_why) = (Graph::new(), BTreeMap::new());
    for (from, tos) in g {
        let Some(ff) = folder(from) else { continue };
        out.entry(ff.to_string()).or_default();
        for to in tos {
            let Some(tf) = folder(to).filter(|tf| *tf != ff) else {
                continue;
            };
            out.get_mut(ff).unwrap().insert(tf.to_string());
            let via = &why[&(from.clone(), to.clone())];
            out_why
                .entry((ff.to_string(), tf.to_string()))
                .or_insert_with(|| format!("{from} -> {to}, use {via}"));
        }
    }
    (out, out_why)
}

fn src_graph() -> (Graph, BTreeMap<(String, String), String>) {
    graph(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

#[test]
fn every_folder_of_src_has_a_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for entry in fs::read_dir(&src).unwrap() {
        let p = entry.unwrap().path();
        let name = p.file_name().unwrap().to_str().unwrap();
        if p.is_dir() && name != "bin" {
            layer(name);
        }
    }
}

#[test]
fn no_use_runs_up_the_layers() {
    let (g, why) = src_graph();
    let mut problems = String::new();
    for ((from, to), via) in upward_uses(&g, &why) {
        problems.push_str(&format!("\n    {from} -> {to}/  (use {via})"));
    }
    assert_none_up(&problems, "the layers", LAYERS);
}

/// Fails with every use of `problems`, one a line, and the layers' order.
fn assert_none_up(problems: &str, what: &str, layers: &[(&str, &[&str])]) {
    let order: Vec<&str> = layers.iter().map(|(name, _)| *name).collect();
    assert!(
        problems.is_empty(),
        "uses that run up {what} {order:?}:{problems}"
    );
}

#[test]
fn no_cycles_between_the_folders_of_src() {
    let (g, why) = src_graph();
    let (folders, folder_why) = folder_graph(&g, &why);
    assert!(folders.len() >= 8, "read only {folders:?}");
    let mut problems = String::new();
    for scc in cycles(&folders) {
        problems.push_str(&format!(
            "\ncycle between the folders {scc:?}:{}",
            describe(&scc, &folders, &folder_why)
        ));
    }
    assert!(problems.is_empty(), "{problems}");
}

#[test]
fn the_layer_reader_flags_an_upward_use() {
    let g: Graph = [
        ("kernel/a.rs", vec!["herd/b.rs"]),
        ("herd/b.rs", vec!["kernel/a.rs"]),
        ("lib.rs", vec!["ui/c.rs"]),
        ("ui/c.rs", vec!["herd/b.rs"]),
    ]
    .into_iter()
    .map(|(a, bs)| (a.to_string(), bs.into_iter().map(String::from).collect()))
    .collect();
    let why: BTreeMap<(String, String), String> = g
        .iter()
        .flat_map(|(a, bs)| {
            bs.iter()
                .map(move |b| ((a.clone(), b.clone()), "x".to_string()))
        })
        .collect();
    let up: Vec<(String, String)> = upward_uses(&g, &why).into_keys().collect();
    assert_eq!(up, [("kernel/a.rs".to_string(), "herd".to_string())]);
    let (folders, _) = folder_graph(&g, &why);
    let kh: BTreeSet<String> = ["herd", "kernel"].into_iter().map(String::from).collect();
    assert_eq!(cycles(&folders), [kh]);
}

/// Writes `files` (each a path under `src/` and its text) into a fresh
/// folder of its own and returns it.
fn plant(name: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
    let root = std::env::temp_dir().join(format!("module_cycles_{name}_{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    for (rel, text) in files {
        let p = root.join(rel);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    }
    root
}

/// The whole scan, from the files' text to the verdicts, on a tree with one
/// planted upward use: the kernel uses a demo, which uses the kernel back
/// through a path written out in code. The ui's use of the demo through its
/// facade runs down and is not flagged.
#[test]
fn the_scan_catches_a_planted_upward_use_and_the_folder_cycle_it_makes() {
    let src = plant(
        "upward",
        &[
            ("lib.rs", "pub mod herd;\npub mod kernel;\npub mod ui;\n"),
            ("kernel/mod.rs", "pub mod clock;\n"),
            (
                "kernel/clock.rs",
                "use crate::herd::sim::Sim;\n\npub struct Tick;\n",
            ),
            ("herd/mod.rs", "pub mod sim;\n\npub use sim::Sim;\n"),
            (
                "herd/sim.rs",
                "pub struct Sim;\n\nfn f() {\n    let _ = crate::kernel::clock::Tick;\n}\n",
            ),
            ("ui/mod.rs", "pub mod view;\n"),
            ("ui/view.rs", "use crate::herd::Sim;\n"),
        ],
    );
    let (g, why) = graph(&src);
    fs::remove_dir_all(&src).unwrap();
    let up: Vec<((String, String), String)> = upward_uses(&g, &why).into_iter().collect();
    assert_eq!(
        up,
        [(
            ("kernel/clock.rs".to_string(), "herd".to_string()),
            "crate::herd::sim::Sim (herd/sim.rs)".to_string()
        )]
    );
    assert!(g["ui/view.rs"].contains("herd/sim.rs"), "{g:?}");
    let files: BTreeSet<String> = ["herd/sim.rs", "kernel/clock.rs"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(cycles(&g), [files]);
    let (folders, _) = folder_graph(&g, &why);
    let kh: BTreeSet<String> = ["herd", "kernel"].into_iter().map(String::from).collect();
    assert_eq!(cycles(&folders), [kh]);
}

/// The lab's own layers, lowest first, by the first part of a file's path
/// below `lab/` (a folder, or a file such as `wire.rs`): what a run is,
/// then what it means, then how it is told and linked, then the page's
/// jobs and the wire they speak. Inside «vocabulary and model» the folders
/// do reach each other, and must: a fault primitive holds its effect on the
/// simulation that applies it, and a mechanism holds its hooks into the
/// handler that calls them, so the vocabulary and the model it drives are
/// one layer.
const LAB_LAYERS: &[(&str, &[&str])] = &[
    (
        "vocabulary and model",
        &["mechanisms", "faults", "harness", "model"],
    ),
    ("grading", &["grading"]),
    ("views and page parameters", &["view", "params"]),
    (
        "jobs and their wire",
        &["jobs", "wire.rs", "answer_read.rs"],
    ),
];

/// The part of the lab a file of `src/` is in (`None` outside the lab and
/// for `lab/mod.rs`, the facade that re-exports every layer).
fn lab_part(file: &str) -> Option<&str> {
    let rest = file.strip_prefix("lab/")?;
    let part = rest.split('/').next()?;
    (part != "mod.rs").then_some(part)
}

/// The index of the lab's layer `part` belongs to.
fn lab_layer(part: &str) -> usize {
    LAB_LAYERS
        .iter()
        .position(|(_, parts)| parts.contains(&part))
        .unwrap_or_else(|| panic!("lab/{part} is in no layer of LAB_LAYERS"))
}

#[test]
fn every_part_of_the_lab_has_a_layer() {
    let lab = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lab");
    let mut parts = 0;
    for entry in fs::read_dir(&lab).unwrap() {
        let p = entry.unwrap().path();
        let name = p.file_name().unwrap().to_str().unwrap();
        let code = p.is_dir() && name != "texts" || name.ends_with(".rs") && name != "mod.rs";
        if code {
            lab_layer(name);
            parts += 1;
        }
    }
    assert!(parts >= 7, "read only {parts} parts of the lab");
}

/// Every use between two parts of the lab that runs up its layers, one
/// line each (`from -> lab/part  (use …)`).
fn lab_upward_uses(g: &Graph, why: &BTreeMap<(String, String), String>) -> String {
    uses_up(g, why, lab_part, lab_layer)
        .into_iter()
        .map(|((from, to), via)| format!("\n    {from} -> lab/{to}  (use {via})"))
        .collect()
}

#[test]
fn no_use_runs_up_the_labs_layers() {
    let (g, why) = src_graph();
    assert_none_up(&lab_upward_uses(&g, &why), "the lab's layers", LAB_LAYERS);
}

#[test]
fn the_lab_layer_reader_flags_an_upward_use() {
    let edges = [
        ("lab/model/sim/mod.rs", "lab/grading/judgement.rs"),
        ("lab/grading/suite.rs", "lab/model/design.rs"),
        ("lab/faults/drip.rs", "lab/model/sim/mod.rs"),
        ("lab/view/narrate.rs", "lab/wire.rs"),
        ("lab/mod.rs", "lab/jobs/engine_job.rs"),
    ];
    let mut g = Graph::new();
    let mut why = BTreeMap::new();
    for (a, b) in edges {
        g.entry(a.to_string()).or_default().insert(b.to_string());
        why.insert((a.to_string(), b.to_string()), "x".to_string());
    }
    let found = lab_upward_uses(&g, &why);
    assert!(
        found.contains("lab/model/sim/mod.rs -> lab/grading "),
        "{found}"
    );
    assert!(
        found.contains("lab/view/narrate.rs -> lab/wire.rs "),
        "{found}"
    );
    assert_eq!(
        found.lines().filter(|l| !l.is_empty()).count(),
        2,
        "{found}"
    );
}

#[test]
fn the_lab_layer_reader_places_files() {
    assert_eq!(lab_part("lab/model/sim/mod.rs"), Some("model"));
    assert_eq!(lab_part("lab/wire.rs"), Some("wire.rs"));
    assert_eq!(lab_part("lab/mod.rs"), None);
    assert_eq!(lab_part("herd/sim.rs"), None);
    assert!(lab_layer("model") < lab_layer("grading"));
    assert!(lab_layer("grading") < lab_layer("view"));
    assert!(lab_layer("params") < lab_layer("jobs"));
}
