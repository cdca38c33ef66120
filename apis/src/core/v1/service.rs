// Ported from k8s.io/api/core/v1: see the package documentation.
