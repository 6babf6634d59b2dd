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

    /// A request's route as a metric's label: its template, or else the kind of path it is, never the path itself
    /// (a landing name, a token or a misspelled address would each make a series of its own).
    pub fn label(&self, path: &str) -> String {
        if let Ok(found) = self.0.at(path) {
            return found.value.clone();
        }
        let kind = if path.starts_with("/api/") || path.starts_with("/benefit/") || path == "/api" || path == "/benefit"
        {
            "unknown call"
        } else if path.starts_with("/static/") {
            "/static/{file}"
        } else if path.starts_with("/assets/") {
            "/assets/{file}"
        } else {
            "page"
        };
        kind.to_string()
    }

    /// The name of a request's path in the log.
    pub fn name(&self, path: &str) -> String {
        if let Ok(found) = self.0.at(path) {
            return found.value.clone();
        }
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_is_named_by_its_routes_template_or_its_first_segment_never_by_a_token() {
        let routes = RouteTemplates::new(
            ["/api/v1/direct-continue/{token}", "/api/v1/get-plan-cart", "/rep-sign-in/{token}"].map(String::from),
        );
        assert_eq!(routes.name("/api/v1/direct-continue/c2VjcmV0"), "/api/v1/direct-continue/{token}");
        assert_eq!(routes.name("/api/v1/get-plan-cart"), "/api/v1/get-plan-cart");
        assert_eq!(routes.name("/rep-sign-in/abc"), "/rep-sign-in/{token}");
        assert_eq!(routes.name("/member-benefit-store/c2VjcmV0/IS"), "/member-benefit-store/…");
        assert_eq!(routes.name("/jordan-whitfield"), "/jordan-whitfield");
        assert_eq!(routes.name("/"), "/");
        assert_eq!(routes.name(&format!("/{}", "x".repeat(16_000))).len(), 65);
    }

    #[test]
    fn a_metrics_label_is_a_template_or_a_kind_of_path_never_a_name_or_a_token() {
        let routes = RouteTemplates::new(["/api/v1/direct-continue/{token}", "/healthz"].map(String::from));
        assert_eq!(routes.label("/api/v1/direct-continue/c2VjcmV0"), "/api/v1/direct-continue/{token}");
        assert_eq!(routes.label("/healthz"), "/healthz");
        assert_eq!(routes.label("/api/v1/no-such-call"), "unknown call");
        assert_eq!(routes.label("/static/index-abc.js"), "/static/{file}");
        assert_eq!(routes.label("/assets/logos/northgate.svg"), "/assets/{file}");
        assert_eq!(routes.label("/jordan-whitfield"), "page");
        assert_eq!(routes.label("/member-benefit-store/c2VjcmV0/IS"), "page");
    }
}
