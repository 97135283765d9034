//! Keeping the server's resident memory close to what it holds. Parsing and
//! analysing a large document allocates and frees megabytes; glibc's malloc
//! keeps freed memory (in one arena per thread that allocated) until told
//! otherwise, so an idle server would stay at its busiest size.

/// At most two malloc arenas: the server's threads (the async workers and the
/// analysis pool) share them instead of each keeping its own free memory.
pub fn limit_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets a tuning parameter; called before any thread starts.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
}

/// Give freed memory back to the system (after a document's analysis, when
/// no other run for it is waiting).
pub fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns unused pages of malloc's own heaps.
    unsafe {
        libc::malloc_trim(0);
    }
}
