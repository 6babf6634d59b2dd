//! A short run of the load (part of make test): the debug server on a free port with a fresh SQLite database, a few
//! visitors for twenty seconds with short pauses, every kind of journey among them (reps too, signed in with links the
//! server's `enroll rep-link` made). None may fail, and every save the store acknowledged is on the review.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn ready(port: u16) -> bool {
    use std::io::Write;
    let Ok(mut connection) = std::net::TcpStream::connect(("127.0.0.1", port)) else { return false };
    let _ = connection.write_all(b"GET /readyz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    let mut answer = String::new();
    let _ = connection.read_to_string(&mut answer);
    answer.starts_with("HTTP/1.1 200")
}

#[test]
fn a_short_load_of_every_kind_of_journey_ends_with_none_failed() {
    let repo: PathBuf = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let server = repo.join("target/debug/enroll");
    assert!(server.exists(), "{} is built with the api's tests (make build, or cargo build -p api)", server.display());
    let dir = std::env::temp_dir().join(format!("load-smoke-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("renderer")).unwrap();
    // The landing page the journeys open first (the renderer's build is not needed for the API's load).
    std::fs::write(dir.join("renderer/index.html"), "<!doctype html><title>Benefit Store</title>").unwrap();
    let port = free_port();
    let log = std::fs::File::create(dir.join("server.log")).unwrap();
    let _server = Server(
        Command::new(&server)
            .arg("serve")
            .current_dir(&repo)
            .env("PORT", port.to_string())
            .env("DATA_DIR", dir.join("data"))
            .env("RENDERER_DIR", dir.join("renderer"))
            .env("PUBLIC_URL", format!("http://localhost:{port}"))
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap(),
    );
    let started = Instant::now();
    while !ready(port) {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the server did not start: see {}",
            dir.join("server.log").display()
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    // The reps' sign-in links, sealed with the keys the server made in its data directory.
    let made = Command::new(&server)
        .args(["rep-link", "7781", "--count", "12"])
        .current_dir(&repo)
        .env("DATA_DIR", dir.join("data"))
        .env("PUBLIC_URL", format!("http://localhost:{port}"))
        .output()
        .unwrap();
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let links = dir.join("rep-links.txt");
    std::fs::write(&links, &made.stdout).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_load"))
        .args([
            "--host",
            &format!("http://localhost:{port}"),
            "--users",
            "12",
            "--hatch-rate",
            "12",
            "--run-time",
            "20s",
            "--quiet",
        ])
        .env("LOAD_THINK_MS", "50-150")
        .env("LOAD_MIX", "browse=3,apply=3,checkout=3,resume=3,rep=3")
        .env("LOAD_REP_LINKS", &links)
        .env("LOAD_MAIL_DIRS", dir.join("data/outbox"))
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(output.status.success(), "{report}\n{}", String::from_utf8_lossy(&output.stderr));
    for kind in ["browse", "apply", "checkout", "resume", "rep"] {
        let line = report
            .lines()
            .find(|l| l.trim_start().starts_with(kind))
            .unwrap_or_else(|| panic!("no {kind} journey ran:\n{report}"));
        let numbers: Vec<u64> = line.split_whitespace().filter_map(|w| w.parse().ok()).collect();
        assert_eq!(numbers.len(), 3, "{line}");
        assert!(numbers[0] + numbers[1] > 0, "no {kind} journey ended:\n{report}");
        assert_eq!(numbers[2], 0, "{kind} journeys failed:\n{report}");
    }
    let saves = report.lines().find(|l| l.starts_with("saves acknowledged")).unwrap_or_default();
    assert!(saves.ends_with("lost 0") && !saves.contains("looked for on the review 0,"), "{saves}\n{report}");
    let _ = std::fs::remove_dir_all(&dir);
}
