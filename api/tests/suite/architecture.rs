//! The shape of the code, checked: no import circles in the api or the engine, the api's layers only import
//! downward, no feature imports another feature, features reach the store only through the domain, and http names of
//! the domain only what it needs to read a request.
//!
//! A module here is a file (`a/b.rs` or `a/b/mod.rs` is `a::b`). An import is any `crate::`, `super::` or `self::`
//! path outside comments, in `use` trees or inline; it points at the longest module that prefixes it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Module path -> its source without comments.
fn modules(src: &Path) -> BTreeMap<String, String> {
    let mut found = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).unwrap().with_extension("");
            let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            match parts.last().map(String::as_str) {
                // The binary's root uses the library as an outside crate would.
                Some("main") if parts.len() == 1 => continue,
                Some("lib") if parts.len() == 1 => parts.clear(),
                Some("mod") => {
                    parts.pop();
                }
                _ => {}
            }
            let text = std::fs::read_to_string(&path).unwrap();
            found.insert(parts.join("::"), without_comments(&text));
        }
    }
    found
}

fn without_comments(text: &str) -> String {
    text.lines().map(|l| l.split("//").next().unwrap_or_default()).collect::<Vec<_>>().join("\n")
}

fn ident_len(s: &str) -> usize {
    s.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(s.len())
}

/// Every path a `use` tree or an inline path names after `prefix::` (`prefix` being `crate` or a module path).
fn paths_after(text: &str, marker: &str, base: &[String], out: &mut Vec<Vec<String>>) {
    let mut rest = text;
    while let Some(i) = rest.find(marker) {
        let before = rest[..i].chars().last();
        rest = &rest[i + marker.len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        out.extend(tree(rest, base.to_vec()));
    }
}

/// Expands `a::b::{c, d::e}` (what follows a `crate::`) into paths, prefixed with `prefix`.
fn tree(s: &str, prefix: Vec<String>) -> Vec<Vec<String>> {
    let s = s.trim_start();
    if let Some(inner) = s.strip_prefix('{') {
        let mut depth = 0;
        let mut end = inner.len();
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    end = i;
                    break;
                }
                '}' => depth -= 1,
                _ => {}
            }
        }
        let mut items = Vec::new();
        let (mut depth, mut start) = (0, 0);
        let body = &inner[..end];
        for (i, c) in body.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    items.push(&body[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        items.push(&body[start..]);
        return items.into_iter().filter(|i| !i.trim().is_empty()).flat_map(|i| tree(i, prefix.clone())).collect();
    }
    let n = ident_len(s);
    if n == 0 {
        return vec![prefix];
    }
    let mut path = prefix;
    path.push(s[..n].to_string());
    match s[n..].strip_prefix("::") {
        Some(more) => tree(more, path),
        None => vec![path],
    }
}

/// Module -> the modules it imports (itself excluded).
fn imports(modules: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph = BTreeMap::new();
    for (name, text) in modules {
        let own: Vec<String> = name.split("::").filter(|s| !s.is_empty()).map(str::to_string).collect();
        let mut paths = Vec::new();
        paths_after(text, "crate::", &[], &mut paths);
        let parent = own[..own.len().saturating_sub(1)].to_vec();
        paths_after(text, "super::", &parent, &mut paths);
        paths_after(text, "self::", &own, &mut paths);
        let mut targets = BTreeSet::new();
        for path in paths {
            let target = (0..=path.len())
                .rev()
                .map(|k| path[..k].join("::"))
                .find(|candidate| modules.contains_key(candidate))
                .unwrap_or_default();
            if &target != name && !target.is_empty() {
                targets.insert(target);
            }
        }
        graph.insert(name.clone(), targets);
    }
    graph
}

/// The import circles: each strongly connected set of more than one module (Tarjan).
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'g> {
        graph: &'g BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        found: Vec<Vec<String>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, v: &'g str) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v, low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v, low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut set = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    set.push(w.to_string());
                    if w == v {
                        break;
                    }
                }
                if set.len() > 1 {
                    set.sort();
                    self.found.push(set);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for v in graph.keys() {
        if !walk.index.contains_key(v.as_str()) {
            walk.visit(v);
        }
    }
    walk.found
}

/// The api's layers, top to bottom; a module may import only its own layer's modules or lower ones.
const LAYERS: &[&[&str]] = &[
    &["app"],
    &["features"],
    &["http"],
    &["domain"],
    &["state"],
    &["services"],
    &["store"],
    &["error", "config", "input", "language"],
];

fn layer(module: &str) -> Option<usize> {
    let top = module.split("::").next().unwrap_or_default();
    LAYERS.iter().position(|names| names.contains(&top))
}

/// What the api's imports break: a lower layer importing a higher one, a feature importing another feature,
/// anything importing the app.
fn feature(module: &str) -> Option<&str> {
    module.strip_prefix("features::").map(|rest| rest.split("::").next().unwrap_or_default())
}

fn layer_breaches(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let mut breaches = Vec::new();
    for (from, targets) in graph {
        for to in targets {
            match (layer(from), layer(to)) {
                (Some(a), Some(b)) if b < a => breaches.push(format!("{from} (a lower layer) imports {to}")),
                _ => {}
            }
            if let (Some(a), Some(b)) = (feature(from), feature(to)) {
                if a != b {
                    breaches.push(format!("feature {a} imports feature {b} ({from} -> {to})"));
                }
            }
            if to == "app" && !from.is_empty() {
                breaches.push(format!("{from} imports the app"));
            }
        }
    }
    breaches
}

fn crate_src(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join(name).join("src")
}

#[test]
fn no_module_of_the_api_or_the_engine_is_part_of_an_import_circle() {
    for name in ["api", "engine"] {
        let graph = imports(&modules(&crate_src(name)));
        assert!(graph.len() > 10, "{name}: the checker read too few modules ({})", graph.len());
        let found = circles(&graph);
        assert!(found.is_empty(), "{name} has import circles: {found:#?}");
    }
}

#[test]
fn the_apis_layers_import_only_downward_and_no_feature_imports_another() {
    let graph = imports(&modules(&crate_src("api")));
    for module in graph.keys().filter(|m| !m.is_empty()) {
        assert!(layer(module).is_some(), "{module} belongs to no layer of the api; add it to LAYERS");
    }
    let breaches = layer_breaches(&graph);
    assert!(breaches.is_empty(), "{breaches:#?}");
}

/// The modules of `from` (a top module of the api) that import a module under `to`.
fn importers_of<'g>(graph: &'g BTreeMap<String, BTreeSet<String>>, from: &str, to: &str) -> Vec<&'g String> {
    let under = |module: &str, top: &str| module == top || module.starts_with(&format!("{top}::"));
    graph.iter().filter(|(m, targets)| under(m, from) && targets.iter().any(|t| under(t, to))).map(|(m, _)| m).collect()
}

#[test]
fn a_feature_reaches_the_store_only_through_the_domain() {
    let graph = imports(&modules(&crate_src("api")));
    let found = importers_of(&graph, "features", "store");
    assert!(found.is_empty(), "these features import the store; call a domain function instead: {found:?}");
}

#[test]
fn the_checker_sees_a_feature_that_imports_the_store() {
    let modules: BTreeMap<String, String> = [
        ("store::cart".to_string(), String::new()),
        ("store".to_string(), String::new()),
        ("features::cart::add".to_string(), "fn f() { crate::store::cart::put_in_cart(); }".to_string()),
        ("features::shop".to_string(), "use crate::domain::shop::cart;".to_string()),
        ("domain::shop::cart".to_string(), "use crate::store;".to_string()),
    ]
    .into();
    let graph = imports(&modules);
    assert_eq!(importers_of(&graph, "features", "store"), vec!["features::cart::add"]);
}

/// All the http layer may name of the domain: the session and the host it reads from a request, the caller's own
/// enrollment it loads for the extractors that need one (`load`, `Enrollment`), and a type the OpenAPI document
/// describes. Anything else of the domain in http would be a rule applied before the handler runs.
const HTTP_MAY_NAME: &[&str] = &[
    "domain::session::Session",
    "domain::site::Host",
    "domain::enrollment::load",
    "domain::enrollment::Enrollment",
    "domain::shop::pricing::PriceLine",
];

/// The domain paths each module under `from` names that `allowed` does not list, as `module: path`.
fn domain_names_beyond(modules: &BTreeMap<String, String>, from: &str, allowed: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for (name, text) in modules.iter().filter(|(m, _)| *m == from || m.starts_with(&format!("{from}::"))) {
        let mut paths = Vec::new();
        paths_after(text, "crate::", &[], &mut paths);
        for path in paths.into_iter().filter(|p| p.first().is_some_and(|top| top == "domain")) {
            let named = path.iter().filter(|part| *part != "self").cloned().collect::<Vec<_>>().join("::");
            if !allowed.contains(&named.as_str()) {
                found.push(format!("{name}: {named}"));
            }
        }
    }
    found
}

#[test]
fn http_names_of_the_domain_only_the_session_the_host_and_the_callers_enrollment() {
    let found = domain_names_beyond(&modules(&crate_src("api")), "http", HTTP_MAY_NAME);
    assert!(
        found.is_empty(),
        "http does domain work here; move it into domain/ and call it from a handler: {found:#?}"
    );
}

#[test]
fn the_checker_sees_http_naming_more_of_the_domain() {
    let modules: BTreeMap<String, String> = [
        ("http::extract".to_string(), "use crate::domain::{session::Session, enrollment::{self, load}};".to_string()),
        ("http::listing".to_string(), "fn f() { crate::domain::shop::listing::answer(); }".to_string()),
        ("features::shop".to_string(), "use crate::domain::shop::listing;".to_string()),
    ]
    .into();
    assert_eq!(
        domain_names_beyond(&modules, "http", HTTP_MAY_NAME),
        ["http::extract: domain::enrollment", "http::listing: domain::shop::listing::answer"]
    );
}

#[test]
fn only_the_store_writes_sql() {
    let modules = modules(&crate_src("api"));
    let outside: Vec<&String> = modules
        .iter()
        .filter(|(name, text)| {
            !name.starts_with("store") && (text.contains("sqlx::query") || text.contains("query_scalar("))
        })
        .map(|(name, _)| name)
        .collect();
    assert!(outside.is_empty(), "SQL outside api/src/store: {outside:?}");
}

#[test]
fn the_checker_finds_a_circle_a_downward_breach_and_a_feature_importing_another() {
    let source = without_comments;
    let modules: BTreeMap<String, String> = [
        ("store".to_string(), source("use crate::domain::enrollment::load;")),
        ("domain::enrollment".to_string(), source("use crate::{store::{self, Db}, error::ApiError};")),
        ("error".to_string(), source("// crate::app is only named in a comment")),
        ("features::cart".to_string(), source("fn f() { crate::features::shop::price(); }")),
        ("features::shop".to_string(), source("use super::cart;")),
        ("features::shop::offers".to_string(), source("")),
        ("features".to_string(), source("pub use self::shop::offers;")),
        ("app".to_string(), source("")),
    ]
    .into();
    let graph = imports(&modules);
    assert_eq!(graph["domain::enrollment"], ["error", "store"].map(String::from).into());
    assert_eq!(graph["error"], BTreeSet::new(), "comments are not imports");
    assert_eq!(graph["features"], ["features::shop::offers"].map(String::from).into(), "self:: paths are imports");
    assert_eq!(
        circles(&graph),
        vec![
            vec!["domain::enrollment".to_string(), "store".to_string()],
            vec!["features::cart".to_string(), "features::shop".to_string()]
        ]
    );
    let breaches = layer_breaches(&graph);
    assert!(breaches.contains(&"store (a lower layer) imports domain::enrollment".to_string()), "{breaches:?}");
    assert!(breaches.iter().any(|b| b.starts_with("feature cart imports feature shop")), "{breaches:?}");
}

/// The tables with an `enrollment_id` column, and for each whether an index (its key included) leads with it.
async fn enrollment_lookups(db: &api::store::Db) -> Vec<(String, bool)> {
    use sqlx::Row;
    let conn = db.acquire().await.unwrap();
    let postgres = conn.backend_name().eq_ignore_ascii_case("postgresql");
    drop(conn);
    let sql = if postgres {
        "select c.table_name::text as name, (case when exists(select 1 from pg_index i \
           join pg_class t on t.oid = i.indrelid join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0] \
           where t.relname = c.table_name and a.attname = 'enrollment_id') then 1 else 0 end)::bigint as led \
         from information_schema.columns c where c.table_schema = 'public' and c.column_name = 'enrollment_id'"
    } else {
        // A table's INTEGER PRIMARY KEY is its rowid, found without an index of its own.
        "select m.name as name, case when c.pk = 1 or exists(select 1 from pragma_index_list(m.name) l \
           join pragma_index_info(l.name) i on i.seqno = 0 where i.name = 'enrollment_id') then 1 else 0 end as led \
         from sqlite_master m join pragma_table_info(m.name) c on c.name = 'enrollment_id' where m.type = 'table'"
    };
    let rows = sqlx::query(sql).fetch_all(db).await.unwrap();
    rows.iter().map(|r| (r.get::<String, _>("name"), r.get::<i64, _>("led") == 1)).collect()
}

#[tokio::test]
async fn every_table_found_by_its_enrollment_has_an_index_that_leads_with_it_so_no_call_slows_as_enrollments_grow() {
    let app = crate::common::TestApp::new().await;
    let tables = enrollment_lookups(&app.state.db).await;
    assert!(tables.len() >= 10, "the tables with an enrollment_id were found: {tables:?}");
    let unindexed: Vec<&str> = tables.iter().filter(|(_, led)| !led).map(|(name, _)| name.as_str()).collect();
    assert!(unindexed.is_empty(), "read by enrollment_id without an index: {unindexed:?}");
}

/// The code spans of docs/ARCHITECTURE.md's "Where does X live" table that name a file or folder of the repository.
fn paths_the_table_names() -> Vec<String> {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let doc = std::fs::read_to_string(repo.join("docs/ARCHITECTURE.md")).unwrap();
    let start = doc.find("### Where does X live").expect("the table's heading");
    let table = &doc[start..];
    let table = &table[..table[4..].find("\n### ").map_or(table.len(), |end| end + 4)];
    let roots = ["api/", "engine/", "renderer/", "workflows/", "fixtures/", "docs/", "scripts/", "migrations/"];
    table
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| roots.iter().any(|root| span.starts_with(root)))
        // A placeholder (`<feature>`) names a kind of path, not one.
        .filter(|span| !span.contains('<') && !span.contains(' '))
        .flat_map(expanded)
        .collect()
}

/// `a/{b,c}.yaml` as the paths it names, as a shell expands it (one brace group).
fn expanded(span: &str) -> Vec<String> {
    match (span.find('{'), span.find('}')) {
        (Some(open), Some(close)) if open < close => span[open + 1..close]
            .split(',')
            .map(|choice| format!("{}{choice}{}", &span[..open], &span[close + 1..]))
            .collect(),
        _ => vec![span.to_string()],
    }
}

#[test]
fn every_file_the_architectures_where_does_x_live_table_names_exists() {
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let named = paths_the_table_names();
    assert!(named.len() > 60, "the table's paths were read ({})", named.len());
    assert!(named.contains(&"fixtures/catalogue/groups.yaml".to_string()), "a brace group is read as its paths");
    let missing: Vec<&String> = named.iter().filter(|path| !repo.join(path).exists()).collect();
    assert!(missing.is_empty(), "docs/ARCHITECTURE.md names paths that do not exist: {missing:?}");
}
