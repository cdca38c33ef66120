//! kubectl drives the sample API server: discovery of the wardle group,
//! a Fischer and the Flunder names it disallows refused by BanFlunder with
//! upstream's message, and the Flunders it allows listed and read at both
//! versions.

use std::sync::Arc;

use testserver::TestServer;

/// The sample API server as `main` composes it, on the test server.
fn start() -> TestServer {
    let config = server::Config {
        admission: server::admission::Admission::new()
            .with_mutating(sample_apiserver::admission::BanFlunder),
        ..Default::default()
    };
    let store = Arc::new(server::storage::MemoryStore::new());
    TestServer::start_with(sample_apiserver::registry(), store, config).expect("test server")
}

/// Runs kubectl against `server`; (success, stdout, stderr).
fn kubectl(server: &TestServer, args: &[&str]) -> (bool, String, String) {
    let out = server
        .kubectl()
        .args(args)
        .output()
        .expect("kubectl must be installed");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn ok(server: &TestServer, args: &[&str]) -> String {
    let (success, stdout, stderr) = kubectl(server, args);
    assert!(success, "kubectl {args:?}: {stdout}{stderr}");
    stdout
}

#[test]
fn kubectl_drives_the_wardle_group_and_ban_flunder_refuses() {
    let server = start();
    let resources = ok(
        &server,
        &[
            "api-resources",
            "--api-group=wardle.example.com",
            "--no-headers",
        ],
    );
    let names: Vec<&str> = resources
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(names, ["fischers", "flunders"], "{resources}");

    let fischer = server.dir().join("fischer.yaml");
    std::fs::write(
        &fischer,
        "apiVersion: wardle.example.com/v1alpha1\nkind: Fischer\nmetadata:\n  name: strict\ndisallowedFlunders:\n- banned\n",
    )
    .unwrap();
    ok(&server, &["apply", "-f", &fischer.display().to_string()]);

    let flunder = |name: &str| {
        let path = server.dir().join(format!("{name}.yaml"));
        std::fs::write(
            &path,
            format!("apiVersion: wardle.example.com/v1alpha1\nkind: Flunder\nmetadata:\n  name: {name}\nspec:\n  reference: strict\n  referenceType: Fischer\n"),
        )
        .unwrap();
        path.display().to_string()
    };
    let banned = flunder("banned");
    let (success, _, stderr) = kubectl(&server, &["create", "-f", &banned]);
    assert!(!success);
    assert_eq!(
        stderr.trim(),
        format!(
            "Error from server (Forbidden): error when creating \"{banned}\": flunders.wardle.example.com \"banned\" is forbidden: this name may not be used, please change the resource name"
        )
    );
    ok(&server, &["create", "-f", &flunder("allowed")]);
    let listed = ok(&server, &["get", "flunders", "-o", "name"]);
    assert_eq!(listed.trim(), "flunder.wardle.example.com/allowed");
    // kubectl reads the preferred version, v1beta1, where the reference
    // is in the field of its type; v1alpha1 still reads as written.
    let reference = ok(
        &server,
        &[
            "get",
            "flunder",
            "allowed",
            "-o",
            "jsonpath={.apiVersion} {.spec.referenceType}/{.spec.fischerReference}",
        ],
    );
    assert_eq!(reference, "wardle.example.com/v1beta1 Fischer/strict");
    let reference = ok(
        &server,
        &[
            "get",
            "flunders.v1alpha1.wardle.example.com",
            "allowed",
            "-o",
            "jsonpath={.spec.referenceType}/{.spec.reference}",
        ],
    );
    assert_eq!(reference, "Fischer/strict");

    // BanFlunder judges a create at v1beta1 too.
    let path = server.dir().join("banned-beta.yaml");
    std::fs::write(
        &path,
        "apiVersion: wardle.example.com/v1beta1\nkind: Flunder\nmetadata:\n  name: banned\nspec:\n  flunderReference: allowed\n",
    )
    .unwrap();
    let (success, _, stderr) = kubectl(&server, &["create", "-f", &path.display().to_string()]);
    assert!(!success);
    assert!(stderr.contains("this name may not be used"), "{stderr}");
}
