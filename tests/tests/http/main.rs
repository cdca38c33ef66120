//! HTTP-level tests of the server: status codes, headers and bodies of
//! in-process requests through the router, compared with what
//! kube-apiserver answers.
//!
//! Tests marked `#[ignore = "server bug: ..."]` assert upstream's behaviour
//! where the server currently differs; each names the upstream source of the
//! expected string.

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Method, StatusCode, header};
use serde_json::{Value, json};
use tests::http::*;

mod autoscaling;
mod bindings;
mod create;
mod cron_jobs;
mod daemonsets;
mod delete;
mod discovery;
mod disruption_budgets;
mod dry_run;
mod endpoint_slices;
mod events;
mod evictions;
mod field_validation;
mod jobs;
mod label_selectors;
mod limit_ranges;
mod metrics;
mod namespaces;
mod networking;
mod nodes;
mod openapi;
mod patch;
mod pods;
mod priority_classes;
mod prost_clients;
mod quantity;
mod rbac;
mod read;
mod replicasets;
mod replication_controllers;
mod representations;
mod requests;
mod resource_quotas;
mod reviews;
mod services;
mod statefulsets;
mod storage;
mod storage_classes;
mod tokens;
mod update;
mod versions;
mod watch;
mod webhook_conditions;
mod webhooks;
