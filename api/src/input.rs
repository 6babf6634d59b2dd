//! Input types every layer may name: an id as the spec's clients send it, and its parsing with the spec's words.

use engine::errors::messages::REQUIRED;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{ApiError, ApiResult};

/// An id as the spec's clients send it: a number, or a numeric string.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Id(pub Value);

impl JsonSchema for Id {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Id".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A whole number, sent as a number or as a numeric string.",
            "type": ["integer", "string"],
        })
    }
}

/// A plan named in a query or a body.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct PlanRef {
    pub plan_id: Option<Id>,
}

/// A required id field: "Field is required" when absent.
pub fn required_id(id: &Option<Id>, name: &str) -> ApiResult<i64> {
    parse_id(id.as_ref().map(|i| &i.0), name)
}

/// The optional `version` a save sends: the document version the page was drawn from.
pub fn version_of(version: &Option<Id>) -> ApiResult<Option<i64>> {
    match version.as_ref().map(|v| &v.0) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => parse_id(Some(v), "version").map(Some),
    }
}

/// An id that may be left out: nothing, null, empty text or `"0"` (the spec's front end sends `0` for "none") is
/// `None`; anything else must be an id.
pub fn optional_id(value: Option<&Value>, name: &str) -> ApiResult<Option<i64>> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() || s.trim() == "0" => Ok(None),
        Some(v) => parse_id(Some(v), name).map(Some),
    }
}

fn not_whole(name: &str) -> ApiError {
    ApiError::field(name, crate::error::Said::with("{field} must be a whole number", &[("field", &name)]))
}

/// Parses an enrollment id as sent (number or numeric string).
pub fn parse_id(value: Option<&Value>, name: &str) -> ApiResult<i64> {
    match value {
        None | Some(Value::Null) => Err(ApiError::field(name, REQUIRED)),
        Some(Value::Number(n)) => n.as_i64().ok_or_else(|| not_whole(name)),
        Some(Value::String(s)) if s.trim().is_empty() => Err(ApiError::field(name, REQUIRED)),
        Some(Value::String(s)) => s.trim().parse().map_err(|_| not_whole(name)),
        Some(_) => Err(not_whole(name)),
    }
}
