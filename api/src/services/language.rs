//! The language of the request being answered, for what is written during it and read later: an e-mail is composed
//! while its request is answered and delivered afterwards, in the language that request was made in. The API's
//! language layer (`http::language`) sets it for the answers it translates; elsewhere (English requests, background
//! work) it is English.

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
