//! The `wardle.example.com` group of upstream's sample-apiserver
//! (`k8s.io/sample-apiserver/pkg/apis/wardle`).

pub mod v1alpha1;
