//! Server-side apply (placeholder; being written).
