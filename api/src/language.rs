//! The language of the request being answered, and the store's messages said in it.
//!
//! A handler says each of the store's messages where it puts it into its answer ([`say`], [`say_with`]), in the
//! language of the request it answers: the language layer (`http::language`) runs every request in its language,
//! including the refusals the layers around the handlers make. What is written during a request and read later (an
//! e-mail, composed while its request is answered and delivered afterwards) is written in that request's language
//! too. Outside a request (background work) it is English.

tokio::task_local! {
    static LANGUAGE: &'static str;
}

/// The language of the request this task answers; English outside one.
pub fn current() -> &'static str {
    LANGUAGE.try_with(|language| *language).unwrap_or(engine::i18n::SOURCE)
}

/// `answer` run as the answer of a request in `language`.
pub async fn speaking<F: std::future::Future>(language: &'static str, answer: F) -> F::Output {
    LANGUAGE.scope(language, answer).await
}

/// The store's message `id` in the language of the request being answered (see [`engine::i18n::say`]).
pub fn say(id: &'static str) -> &'static str {
    engine::i18n::say(current(), id)
}

/// One of the store's messages that is not known until run time (a workflow's words), said as [`say`] does.
pub fn say_text(id: &str) -> String {
    engine::i18n::say(current(), id).to_string()
}

/// The store's message `template` in the language of the request being answered, its placeholders filled with
/// `values` (see [`engine::i18n::say_with`]).
pub fn say_with(template: &'static str, values: &[(&str, &dyn std::fmt::Display)]) -> String {
    engine::i18n::say_with(current(), template, values)
}
