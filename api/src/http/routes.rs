//! How a request is named in the access log and the tracing spans: by its route's template
//! (`/api/v1/direct-continue/{token}`), never by its path, which can carry a token (a continue link, a member link, a
//! rep's hand-off link). A path of no known route (a page of the renderer) is named by its first segment, and `/…`
//! when it has more: the renderer's own routes carry tokens there too (`/direct-continue/…`). Either way the name is
//! bounded, so a long path costs the log a fixed amount.

/// The longest name a request gets in the log.
const MOST_CHARS: usize = 64;

/// The route templates of the application (the API's documented paths under their roots, the pages the server
/// answers itself), matched as the router matches them.
pub struct RouteTemplates(matchit::Router<String>);

impl RouteTemplates {
    pub fn new(templates: impl IntoIterator<Item = String>) -> RouteTemplates {
        let mut router = matchit::Router::new();
        for template in templates {
            // A template the matcher refuses (a duplicate) is simply not used for naming.
            let _ = router.insert(template.clone(), template);
        }
        RouteTemplates(router)
    }

    /// A request's names, from one match of its path: its name in the log and its label in /metrics.
    pub fn names(&self, path: &str) -> RouteNames {
        match self.0.at(path) {
            Ok(found) => RouteNames { log: found.value.clone(), label: found.value.clone() },
            Err(_) => RouteNames { log: unmatched_name(path), label: unmatched_label(path).to_string() },
        }
    }
}

/// What a request is called, found once as it comes in and kept in its extensions for the access log's span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RouteNames {
    /// The name in the log: the template, or else the path's first segment (bounded), and `/…` when it has more.
    pub log: String,
    /// The label in /metrics: the template, or else the kind of path it is, never the path itself (a landing name, a
    /// token or a misspelled address would each make a series of its own).
    pub label: String,
}

fn unmatched_label(path: &str) -> &'static str {
    if path.starts_with("/api/") || path.starts_with("/benefit/") || path == "/api" || path == "/benefit" {
        "unknown call"
    } else if path.starts_with("/static/") {
        "/static/{file}"
    } else if path.starts_with("/assets/") {
        "/assets/{file}"
    } else {
        "page"
    }
}

fn unmatched_name(path: &str) -> String {
    let trimmed = path.trim_start_matches('/');
    let (first, more) = match trimmed.split_once('/') {
        Some((first, rest)) => (first, !rest.is_empty()),
        None => (trimmed, false),
    };
    let first: String = first.chars().take(MOST_CHARS).collect();
    if more {
        format!("/{first}/…")
    } else {
        format!("/{first}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_named_by_its_routes_template_or_else_by_its_first_segment_in_the_log_and_its_kind_in_metrics() {
        let routes = RouteTemplates::new(
            ["/api/v1/direct-continue/{token}", "/api/v1/get-plan-cart", "/rep-sign-in/{token}", "/healthz"]
                .map(String::from),
        );
        // (path, its name in the log, its label in /metrics): never a token, a landing name or a misspelling.
        let cases = [
            ("/api/v1/direct-continue/c2VjcmV0", "/api/v1/direct-continue/{token}", "/api/v1/direct-continue/{token}"),
            ("/api/v1/get-plan-cart", "/api/v1/get-plan-cart", "/api/v1/get-plan-cart"),
            ("/rep-sign-in/abc", "/rep-sign-in/{token}", "/rep-sign-in/{token}"),
            ("/healthz", "/healthz", "/healthz"),
            ("/member-benefit-store/c2VjcmV0/IS", "/member-benefit-store/…", "page"),
            ("/jordan-whitfield", "/jordan-whitfield", "page"),
            ("/", "/", "page"),
            ("/api/v1/no-such-call", "/api/…", "unknown call"),
            ("/static/index-abc.js", "/static/…", "/static/{file}"),
            ("/assets/logos/northgate.svg", "/assets/…", "/assets/{file}"),
        ];
        for (path, log, label) in cases {
            assert_eq!(routes.names(path), RouteNames { log: log.into(), label: label.into() }, "{path}");
        }
        assert_eq!(routes.names(&format!("/{}", "x".repeat(16_000))).log.len(), 65, "a long path's name is bounded");
    }
}
