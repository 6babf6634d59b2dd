//! Composition of a tab's JSON Schema, uiSchema and form data from its Rust type plus the workflow's field settings.
//!
//! One composition answers three callers: the step protocol (schema, uiSchema, formData), the spec's
//! `get-form-fields-*` calls (field_name, value, required, read_only) and the server's own validation of a save, so
//! the browser, the adapters and the validator can never disagree about which fields are required or read-only.

use std::sync::Arc;

use serde::Serialize;
use serde_json::{json, Map, Value};

use crate::context::EnrollmentContext;
use crate::errors::messages::REQUIRED;
use crate::forms;
use crate::i18n::say;
pub use crate::json::Properties;
use crate::tabs::TabName;
use crate::validation::ValidatorSlot;
use crate::workflow::{FieldSettings, FormSettings, Prefill, PrefillValues};

/// A tab's form for one enrollment.
///
/// Its schema and uiSchema are shared with every form of the same [`FormShape`]; a change to one of them
/// (`Arc::make_mut`) makes the form a copy of its own.
#[derive(Debug, Clone, PartialEq)]
pub struct ComposedForm {
    pub schema: Arc<Value>,
    pub ui_schema: Arc<Value>,
    pub form_data: Value,
    pub fields: Vec<FieldDefinition>,
    /// Each field's own value before anything is stored (from the filter, the member's records, the rep or the
    /// group), in the order of `fields`; [`ComposedForm::fill`] puts a stored document over them.
    prefilled: Vec<Prefilled>,
    /// The schema's compiled validator, kept with the shape it came from (see [`ComposedForm::validate`]).
    pub(crate) validator: ValidatorSlot,
    /// The language its words are in, which its refusals are said in too.
    pub language: String,
}

/// A tab's form for a kind of enrollment: everything but its values, which are the person's. It depends only on the
/// workflow's settings for the tab and the enrollment's context ([`shape_depends_on_prefill`] says when the prefilled
/// values change it too), so one shape serves every enrollment of that kind: composing it was a tenth of a save.
#[derive(Debug)]
pub struct FormShape {
    schema: Arc<Value>,
    ui_schema: Arc<Value>,
    fields: Vec<FieldDefinition>,
    /// Each field's prefill source, and whether the field is read-only (then a prefilled value follows its source).
    sources: Vec<(Option<Prefill>, bool)>,
    validator: ValidatorSlot,
    language: String,
}

impl FormShape {
    /// The form of one enrollment: its prefilled values, with `stored` (sensitive values masked) over them.
    pub fn form(&self, prefill: &PrefillValues, stored: &Value) -> ComposedForm {
        let prefilled = self
            .sources
            .iter()
            .map(|(source, read_only)| {
                let value = source.and_then(|p| prefill.get(p)).map(|v| json!(v));
                Prefilled { follows_source: *read_only && value.is_some(), value }
            })
            .collect();
        let mut form = ComposedForm {
            schema: self.schema.clone(),
            ui_schema: helps_in_words(&self.ui_schema, prefill),
            form_data: Value::Object(Map::new()),
            fields: self.fields.clone(),
            prefilled,
            validator: self.validator.clone(),
            language: self.language.clone(),
        };
        form.fill(stored);
        form
    }
}

/// The uiSchema with each field's help naming what the enrollment knows (`{group.phone}`: see
/// [`PrefillValues::words`]); the shape's own when no help names anything.
fn helps_in_words(ui_schema: &Arc<Value>, prefill: &PrefillValues) -> Arc<Value> {
    let names = |ui: &Value| ui.get("ui:help").and_then(Value::as_str).is_some_and(|h| h.contains('{'));
    let Some(fields) = ui_schema.as_object().filter(|f| f.values().any(names)) else {
        return ui_schema.clone();
    };
    let mut fields = fields.clone();
    for ui in fields.values_mut().filter(|ui| names(ui)) {
        let help = prefill.words(ui["ui:help"].as_str().unwrap_or_default());
        match ui.as_object_mut() {
            Some(ui) if help.is_empty() => drop(ui.remove("ui:help")),
            _ => ui["ui:help"] = json!(help),
        }
    }
    Arc::new(Value::Object(fields))
}

/// Whether a tab's shape depends on the prefilled values (billing's payment methods follow the group's, its dates
/// today's, its addresses the contact step's and the member's records): such a shape is composed for each form.
pub fn shape_depends_on_prefill(tab: TabName) -> bool {
    tab == TabName::BillingInfo
}

/// A field's value before anything is stored, and whether a stored value may replace it.
#[derive(Debug, Clone, PartialEq)]
struct Prefilled {
    value: Option<Value>,
    /// Read-only and prefilled: it follows its source (the filter), whatever was stored before.
    follows_source: bool,
}

impl ComposedForm {
    /// Validates a cleaned submission of this form (see `validation::validate`), with the validator its shape keeps.
    pub fn validate(&self, data: &Value, today: chrono::NaiveDate) -> Result<(), Vec<crate::errors::FieldError>> {
        self.validator.validate(&self.schema, data, today, &self.language)
    }

    /// The form with `stored` (the tab's saved document, sensitive values masked) as its values: the schema does not
    /// depend on what is stored, so a form composed once serves both the stored and the submitted document.
    pub fn fill(&mut self, stored: &Value) {
        let mut form_data = Map::new();
        for (field, prefilled) in self.fields.iter_mut().zip(&self.prefilled) {
            let value = if prefilled.follows_source {
                prefilled.value.clone()
            } else {
                stored.get(&field.field_name).filter(|v| !v.is_null()).cloned().or_else(|| prefilled.value.clone())
            };
            if let Some(value) = &value {
                form_data.insert(field.field_name.clone(), value.clone());
            }
            field.value = value.unwrap_or(json!(""));
        }
        self.form_data = Value::Object(form_data);
    }
}

/// One row of the spec's `get-form-fields-*` answer.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct FieldDefinition {
    pub field_name: String,
    pub value: Value,
    pub required: bool,
    pub read_only: bool,
}

/// Composes the form of `tab`; `stored` is the tab's saved document with sensitive values already masked.
pub fn compose(
    tab: TabName,
    settings: Option<&FormSettings>,
    ctx: &EnrollmentContext,
    prefill: &PrefillValues,
    stored: &Value,
) -> Option<ComposedForm> {
    Some(shape(tab, settings, ctx, prefill)?.form(prefill, stored))
}

/// The shape of `tab`'s form for an enrollment of context `ctx`; `prefill` is read only where
/// [`shape_depends_on_prefill`] says so.
pub fn shape(
    tab: TabName,
    settings: Option<&FormSettings>,
    ctx: &EnrollmentContext,
    prefill: &PrefillValues,
) -> Option<FormShape> {
    // The tab's own form is the store's words only: said in the reader's language here, before the words of anyone
    // else (a carrier's questions) are put into it.
    let mut base = forms::form_schema(tab);
    crate::i18n::say_all(&ctx.language, &mut base);
    if tab == TabName::DependentInfo {
        let health =
            settings.and_then(|s| s.questionnaire.as_ref()).map(|q| crate::questionnaire::health_info_schema(q, ctx));
        let ages = settings.and_then(|s| s.dependent_ages.clone()).unwrap_or_default();
        crate::dependents::shape(&mut base, ctx, health, &ages);
    }
    if tab == TabName::BillingInfo {
        let server_type = prefill.group.as_ref().and_then(|g| g.payment_method.as_deref()).unwrap_or("cc");
        let today = prefill
            .today
            .as_deref()
            .and_then(crate::dates::parse_mdy)
            .unwrap_or_else(|| chrono::Local::now().date_naive());
        crate::payment::shape(
            &mut base,
            &ctx.language,
            server_type,
            today,
            prefill.contact_address.clone(),
            prefill.payment_on_file.as_ref(),
            prefill.premiums,
        );
    }
    let empty = FormSettings::default();
    let mut shape = compose_schema(base, settings.unwrap_or(&empty), ctx);
    if tab == TabName::BillingInfo {
        crate::payment::group_by_method(Arc::make_mut(&mut shape.schema), Arc::make_mut(&mut shape.ui_schema));
    }
    // The words of the fields' checks, in the reader's language, for the renderer's early checks.
    crate::checks::word_all(Arc::make_mut(&mut shape.schema), &ctx.language);
    Some(shape)
}

/// What the quote form depends on besides the current filter.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FilterOptions {
    /// A premier plan is in the cart or being looked at: the category is asked (required) and the children tier
    /// reads "Member + 1 Child".
    pub premier: bool,
    /// The categories offered, `(key, display name)`, for the category field.
    pub categories: Vec<(String, String)>,
    /// The form is asked a part at a time (the referral banner): whether the person smokes is asked too.
    pub in_parts: bool,
    /// The reader's language (`es`; empty is English).
    pub language: String,
}

/// The filter form (landing page and quote form): zip, gender, tier and date of birth required, prefilled from the
/// current filter; the category when a premier plan is involved; and the quote's dependent information for the tier
/// (spouse's date of birth for IS and IF, number of children for IC and IF), which may be added or edited here.
pub fn compose_filter(current: &Value, options: &FilterOptions) -> ComposedForm {
    let required = FieldSettings { required: Some(crate::context::Flag::Fixed(true)), ..FieldSettings::default() };
    let settings = FormSettings {
        fields: ["zip", "gender", "tier", "dob"]
            .into_iter()
            .chain(options.in_parts.then_some("is_smoker"))
            .map(|f| (f.to_string(), required.clone()))
            .collect(),
        ..FormSettings::default()
    };
    let language = options.language.as_str();
    let mut schema = forms::filter_schema();
    crate::i18n::say_all(language, &mut schema);
    crate::checks::word_all(&mut schema, language);
    if !options.in_parts {
        if let Some(props) = schema["properties"].as_object_mut() {
            props.remove("is_smoker");
        }
    }
    // The tiers' names are the engine's (`Tier::label_for`), never the page's.
    let tier = &mut schema["properties"]["tier"];
    let title = tier["title"].clone();
    *tier =
        json!({ "title": title, "type": "string", "oneOf": crate::context::Tier::choices(options.premier, language) });
    if options.premier {
        // The categories' names are the catalogue's, given in the reader's language.
        let choices: Vec<Value> =
            options.categories.iter().map(|(key, name)| json!({ "const": key, "title": name })).collect();
        schema["properties"]["category"] = json!({
            "type": "string", "title": say(language, "Category"), "oneOf": choices,
            "x-messages": { "required": say(language, REQUIRED) }
        });
    }
    let ctx = EnrollmentContext { language: options.language.clone(), ..EnrollmentContext::default() };
    let mut form = compose_schema(schema, &settings, &ctx).form(&PrefillValues::default(), current);
    let schema = Arc::make_mut(&mut form.schema);
    if options.premier {
        if let Some(list) = schema["required"].as_array_mut() {
            list.push(json!("category"));
        }
    }
    use crate::context::Tier;
    let tier_is = |tiers: &[Tier]| json!({ "properties": { "tier": { "enum": tiers.iter().map(|t| t.code()).collect::<Vec<_>>() } }, "required": ["tier"] });
    schema["allOf"] = json!([
        { "if": tier_is(&[Tier::IS, Tier::IF]), "then": { "properties": { "spouse_dob": crate::shop::popups::spouse_dob_field(language) } } },
        { "if": tier_is(&[Tier::IC]), "then": { "properties": { "no_of_children": crate::shop::popups::children_field(9, language) } } },
        { "if": tier_is(&[Tier::IF]), "then": { "properties": { "no_of_children": crate::shop::popups::children_field(8, language) } } },
    ]);
    let ui_schema = Arc::make_mut(&mut form.ui_schema);
    ui_schema["spouse_dob"] = json!({ "ui:widget": "dateMDY" });
    // The tier's dependent fields come and go with the tier; rjsf draws only what its order names.
    if let Some(order) = ui_schema["ui:order"].as_array_mut() {
        order.extend([json!("spouse_dob"), json!("no_of_children")]);
    }
    for key in ["spouse_dob", "no_of_children"] {
        if let Some(value) = current.get(key).filter(|v| !v.is_null()) {
            form.form_data[key] = value.clone();
        }
    }
    form
}

/// Puts each field a condition brings in (`allOf` of `if`/`then`) in the form's order right after the fields its
/// condition looks at: rjsf draws only what the order names, and the question belongs beside the answer that opens it
/// (an employee's COBRA status, then what led to it).
fn conditional_order(schema: &Value, order: &mut Vec<Value>) {
    let Some(rules) = schema.get("allOf").and_then(Value::as_array) else { return };
    for rule in rules {
        let Some(brought) = rule.pointer("/then/properties").and_then(Value::as_object) else { continue };
        let looked_at: Vec<&String> =
            rule.pointer("/if/properties").and_then(Value::as_object).map(|p| p.keys().collect()).unwrap_or_default();
        let mut at = order
            .iter()
            .rposition(|name| looked_at.iter().any(|l| name.as_str() == Some(l.as_str())))
            .map_or(order.len(), |i| i + 1);
        for name in brought.keys() {
            if !order.iter().any(|o| o.as_str() == Some(name.as_str())) {
                order.insert(at, json!(name));
                at += 1;
            }
        }
    }
}

fn compose_schema(mut schema: Value, settings: &FormSettings, ctx: &EnrollmentContext) -> FormShape {
    let no_settings = FieldSettings::default();
    let properties = std::mem::take(&mut schema["properties"]);
    let mut kept = Map::new();
    let mut ui = Map::new();
    let mut order = Vec::new();
    let mut required = Vec::new();
    let mut hidden = Vec::new();
    let mut fields = Vec::new();
    let mut sources = Vec::new();

    let properties = match properties {
        Value::Object(members) => members,
        _ => Map::new(),
    };
    for (name, mut prop) in properties {
        let s = settings.fields.get(&name).unwrap_or(&no_settings);
        apply_nested_settings(&mut prop, &name, settings, ctx);
        if name == "agreements" {
            prop = agreement_checkboxes(&settings.agreements, &ctx.language);
        }
        if let Some(questionnaire) = &settings.questionnaire {
            match name.as_str() {
                "condition_questions" => {
                    prop = questionnaire.condition_questions_schema(ctx, crate::questionnaire::Subject::Applicant)
                }
                "medication_question" => {
                    match questionnaire
                        .medication_question_schema(crate::questionnaire::Subject::Applicant, &ctx.language)
                    {
                        Some(schema) => prop = schema,
                        None => continue,
                    }
                }
                _ => {}
            }
        }
        if s.hidden.as_ref().is_some_and(|f| f.on(ctx)) {
            hidden.push(name);
            continue;
        }
        let is_required = s.required.as_ref().is_some_and(|f| f.on(ctx));
        let read_only = s.read_only.as_ref().is_some_and(|f| f.on(ctx));
        let mut field_ui = Map::new();
        // A workflow's titles and helps are the store's words (a help's `{group.name}` is filled after it is said).
        if let Some(title) = &s.title {
            prop["title"] = json!(say(&ctx.language, title));
        }
        if let Some(help) = s.help.as_ref().and_then(|h| h.for_context(ctx)) {
            field_ui.insert("ui:help".into(), json!(say(&ctx.language, help)));
        }
        if let Some(autocomplete) = s.autocomplete {
            field_ui.insert("ui:autocomplete".into(), json!(autocomplete));
        }
        if let Some(widget) = prop.get("x-widget").cloned() {
            field_ui.insert("ui:widget".into(), widget);
        }
        // What a widget is told beyond its value (the signature: which fields say how the applicant signs).
        if let Some(options) = prop.get("x-options").cloned() {
            field_ui.insert("ui:options".into(), options);
        }
        if let Some(list) = prop.get("x-lookup").and_then(Value::as_str).map(crate::forms::states::lookup) {
            prop["oneOf"] = Value::Array(
                list.iter().map(|(code, name)| json!({ "const": code, "title": say(&ctx.language, name) })).collect(),
            );
        }
        if read_only {
            prop["readOnly"] = json!(true);
            field_ui.insert("ui:readonly".into(), json!(true));
        }
        if is_required {
            required.push(name.clone());
        }
        sources.push((s.prefill, read_only));
        // The values are put in by `FormShape::form`.
        fields.push(FieldDefinition { field_name: name.clone(), value: Value::Null, required: is_required, read_only });
        nested_ui(&mut prop, &mut field_ui);
        if !field_ui.is_empty() {
            ui.insert(name.clone(), Value::Object(field_ui));
        }
        order.push(json!(name));
        kept.insert(name, prop);
    }

    // The type's doc comment is for developers, not a text to show above the form.
    if let Some(object) = schema.as_object_mut() {
        object.remove("description");
    }
    schema["properties"] = Value::Object(kept);
    schema["required"] = json!(required);
    conditional_order(&schema, &mut order);
    if let Some(rules) = schema.get_mut("allOf").and_then(Value::as_array_mut) {
        for rule in rules {
            if let Some(then_required) = rule.pointer_mut("/then/required").and_then(Value::as_array_mut) {
                then_required.retain(|f| !hidden.iter().any(|h| f == h));
            }
        }
    }
    ui.insert("ui:order".into(), Value::Array(order));
    FormShape {
        schema: Arc::new(schema),
        ui_schema: Arc::new(Value::Object(ui)),
        fields,
        sources,
        validator: ValidatorSlot::default(),
        language: ctx.language.clone(),
    }
}

/// Settings of a field inside a list or a group, named `list.field` in the workflow (`dependents.weight`): required,
/// hidden and title apply to the field of every item.
fn apply_nested_settings(prop: &mut Value, name: &str, settings: &FormSettings, ctx: &EnrollmentContext) {
    let prefix = format!("{name}.");
    for (key, s) in settings.fields.iter().filter(|(k, _)| k.starts_with(&prefix)) {
        let child = &key[prefix.len()..];
        let target = if prop.get("items").is_some() { &mut prop["items"] } else { &mut *prop };
        if s.hidden.as_ref().is_some_and(|f| f.on(ctx)) {
            if let Some(props) = target.get_mut("properties").and_then(Value::as_object_mut) {
                props.remove(child);
            }
            if let Some(required) = target.get_mut("required").and_then(Value::as_array_mut) {
                required.retain(|r| r != child);
            }
            continue;
        }
        if let Some(title) = &s.title {
            target["properties"][child]["title"] = json!(say(&ctx.language, title));
        }
        if let Some(flag) = &s.required {
            let required =
                target.as_object_mut().expect("an object schema").entry("required").or_insert_with(|| json!([]));
            let required = required.as_array_mut().expect("required is a list");
            required.retain(|r| r != child);
            if flag.on(ctx) {
                required.push(json!(child));
            }
        }
    }
}

/// The uiSchema that nested values ask for, so a uiSchema never has to be written by hand: the widget of every
/// nested field (`x-widget`), inside objects, array items and conditional details alike; the numbered title of
/// each item of a list (`x-item-title`, "Beneficiary #{n}"; the item's own title is dropped so it is not shown twice);
/// the order of an object's fields (`x-order`), a label left out (`x-label: false`) and a field shown but not
/// changeable in the form (`x-locked`: its value is set otherwise, by `x-new-item`).
fn nested_ui(prop: &mut Value, ui: &mut Map<String, Value>) {
    if let Some(order) = prop.get("x-order") {
        ui.insert("ui:order".into(), order.clone());
    }
    if let Some(label) = prop.get("x-label") {
        ui.insert("ui:label".into(), label.clone());
    }
    if let Some(description) = prop.get("x-description") {
        ui.insert("ui:description".into(), description.clone());
    }
    if let Some(field) = prop.get("x-field") {
        ui.insert("ui:field".into(), field.clone());
    }
    if prop.get("x-locked") == Some(&Value::Bool(true)) {
        ui.insert("ui:readonly".into(), json!(true));
    }
    if let Some(item_title) = prop.get("x-item-title").cloned() {
        let options = ui.entry("ui:options").or_insert_with(|| json!({}));
        options["itemTitle"] = item_title;
        if let Some(items) = prop.get_mut("items").and_then(Value::as_object_mut) {
            items.remove("title");
        }
        let items_ui = ui.entry("items").or_insert_with(|| json!({}));
        items_ui["ui:label"] = json!(false);
    }
    if let Some(items) = prop.get_mut("items") {
        let mut items_ui = ui.get("items").and_then(Value::as_object).cloned().unwrap_or_default();
        nested_ui(items, &mut items_ui);
        if !items_ui.is_empty() {
            ui.insert("items".into(), Value::Object(items_ui));
        }
    }
    if let Some(Value::Object(props)) = prop.get_mut("properties") {
        nested_ui_of_properties(props, ui);
    }
    // Properties that a condition adds (a Yes answer's details) are drawn like any other.
    for rule in prop.get_mut("allOf").and_then(Value::as_array_mut).into_iter().flatten() {
        if let Some(Value::Object(props)) = rule.pointer_mut("/then/properties") {
            nested_ui_of_properties(props, ui);
        }
    }
}

fn nested_ui_of_properties(props: &mut Map<String, Value>, ui: &mut Map<String, Value>) {
    for (name, child) in props.iter_mut() {
        let mut child_ui = ui.get(name).and_then(Value::as_object).cloned().unwrap_or_default();
        if let Some(widget) = child.get("x-widget") {
            child_ui.entry("ui:widget").or_insert_with(|| widget.clone());
            if widget == "radio" {
                child_ui.entry("ui:options").or_insert_with(|| json!({ "inline": true }));
            }
        }
        nested_ui(child, &mut child_ui);
        if !child_ui.is_empty() {
            ui.insert(name.clone(), Value::Object(child_ui));
        }
    }
}

/// The workflow's agreement texts as checkboxes; a required one must be ticked ('This field is required.').
/// The texts are the store's (its workflow's), said in `language`.
fn agreement_checkboxes(texts: &[crate::workflow::AgreementText], language: &str) -> Value {
    let message = say(language, "This field is required.");
    let mut properties = Map::new();
    let mut required = Vec::new();
    for text in texts {
        let mut checkbox = json!({
            "type": "boolean", "title": say(language, &text.text_head), "description": say(language, &text.text_body)
        });
        if text.text_required {
            checkbox["const"] = json!(true);
            checkbox["x-messages"] = json!({ "required": message, "enum": message });
            required.push(json!(text.id));
        }
        properties.insert(text.id.clone(), checkbox);
    }
    json!({
        "title": say(language, "Agreements"), "type": "object", "properties": properties, "required": required,
        "x-messages": { "required": message },
    })
}

/// Every property an object schema may have: its own and those its conditions add (`allOf: [{ if, then }]`).
pub fn every_property(schema: &Value) -> Properties<'_> {
    let mut all = Properties::of(schema);
    for rule in schema.get("allOf").and_then(Value::as_array).into_iter().flatten() {
        all.add(rule.pointer("/then/properties"));
    }
    all
}

/// The title shown for a stored value: the choice's label for coded values, the value itself otherwise.
pub fn display_value(prop: &Value, value: &Value) -> String {
    display_value_in(prop, value, &|words| words.to_string())
}

/// [`display_value`] with its own words ("Signed", "Yes", "No") said by `say`, for a schema whose titles are in
/// another language.
pub fn display_value_in(prop: &Value, value: &Value, say: &dyn Fn(&'static str) -> String) -> String {
    let display_value = |prop: &Value, value: &Value| display_value_in(prop, value, say);
    if prop.get("x-display").and_then(Value::as_str) == Some("signed") {
        return say("Signed");
    }
    // A set of flags (holidays, agreements): the titles of those that are on.
    if let (Some(flags), Value::Object(values)) = (prop.get("properties").and_then(Value::as_object), value) {
        if flags.values().all(|f| f.get("type").and_then(Value::as_str) == Some("boolean")) {
            return flags
                .iter()
                .filter(|(key, _)| values.get(*key) == Some(&Value::Bool(true)))
                .map(|(key, flag)| flag["title"].as_str().unwrap_or(key).to_string())
                .collect::<Vec<_>>()
                .join(", ");
        }
    }
    // A group of answers (a question with its details, the questions of a questionnaire): each answer with its
    // label, a label repeating the group's own title left out.
    if let (Some(_), Value::Object(values)) = (prop.get("properties"), value) {
        let fields = every_property(prop);
        let parts: Vec<String> = fields
            .iter()
            .filter_map(|(key, field)| {
                let text = display_value(field, values.get(key)?);
                let label = field["title"].as_str().filter(|t| Some(*t) != prop["title"].as_str());
                (!text.is_empty()).then(|| label.map_or(text.clone(), |l| format!("{l}: {text}")))
            })
            .collect();
        return parts.join("; ");
    }
    if let Some(choices) = prop.get("oneOf").and_then(Value::as_array) {
        if let Some(choice) = choices.iter().find(|c| c.get("const") == Some(value)) {
            if let Some(title) = choice.get("title").and_then(Value::as_str) {
                return title.to_string();
            }
        }
    }
    match value {
        // A list (beneficiaries): each item numbered with its fields as a person reads them.
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let item_schema = prop.get("items").cloned().unwrap_or(Value::Null);
                let fields = item_schema["properties"].as_object().cloned().unwrap_or_default();
                let parts: Vec<String> = fields
                    .iter()
                    .filter_map(|(name, field)| item.get(name).map(|v| display_value(field, v)))
                    .filter(|text| !text.is_empty())
                    .collect();
                format!("#{}: {}", i + 1, parts.join(", "))
            })
            .collect::<Vec<_>>()
            .join("; "),
        Value::String(s) => s.clone(),
        Value::Bool(true) => say("Yes"),
        Value::Bool(false) => say("No"),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// Every form these workflows compose, in every tier and for every process, with its `x-checks` parsed as typed
/// checks ([`crate::checks::Check`]): a misspelled or unknown check fails here (`enroll check-workflows`, and every
/// load of a workflow version) instead of passing silently when a person saves.
pub fn every_check_parses(workflows: &crate::workflow::Workflows) -> Result<(), crate::workflow::WorkflowError> {
    use crate::context::{Eprocess, Tier};
    let failed = |path: String, reason: String| crate::workflow::WorkflowError::new("enrollment.yaml", path, reason);
    crate::checks::every(&forms::filter_schema()).map_err(|e| failed("/filter".into(), e))?;
    for tier in Tier::ALL {
        for eprocess in [Eprocess::Applicant, Eprocess::Rep, Eprocess::Group] {
            let ctx = EnrollmentContext { tier: Some(tier), eprocess, ..EnrollmentContext::default() };
            for tab in TabName::ALL {
                let settings = workflows.wizard.forms.get(&tab);
                let Some(shape) = shape(tab, settings, &ctx, &PrefillValues::default()) else { continue };
                crate::checks::every(&shape.schema)
                    .map_err(|e| failed(format!("/forms/{tab}"), format!("{e} ({tier:?}, {eprocess:?})")))?;
            }
        }
    }
    Ok(())
}
