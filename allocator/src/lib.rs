//! The allocator of every program that links `api` (the server, and the benchmark's hello-world and raw save, so that
//! they compare like with like): mimalloc.
//!
//! A save builds and drops many small JSON values across the runtime's threads; glibc's malloc spent more than a
//! quarter of a save's CPU on that (its arenas' locks and consolidation), mimalloc's thread-local pages far less.
//! Left to its defaults, mimalloc keeps freed pages for a second before giving them back, and only when the thread
//! that freed them allocates again: an idle server kept what its start had used (122 MB resident instead of 50).
//! [`configure`] makes it give them back at once. Its arenas are committed as they are used, not all at once: that
//! option is read before `main` runs, so it is set where mimalloc is compiled (`.cargo/config.toml`).

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay` (mimalloc.h keeps the numbers of its options stable; the `-sys` crate does
/// not name this one).
const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Sets the option above; call it first thing in `main`, before the runtime's threads start.
pub fn configure() {
    #[allow(unsafe_code)]
    // SAFETY: `mi_option_set` stores an option's value; it reads or writes nothing else, and takes any value.
    unsafe {
        libmimalloc_sys::mi_option_set(PURGE_DELAY, 0);
    }
}
