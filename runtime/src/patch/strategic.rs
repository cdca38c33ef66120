//! Strategic merge patch (placeholder; being written).
