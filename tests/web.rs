//! Tests that run inside headless Chromium (wasm-bindgen-test): the engine as the browser runs it.
//! `make test` runs them with `cargo test --target wasm32-unknown-unknown -p reversi --test web`; natively this file is empty.

#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

use engine_wasm as wasm_api;

#[wasm_bindgen_test]
fn exported_perft_counts_the_published_leaves() {
    // Aart Bik's table: depths 1-7 from the start position.
    let expected = [4.0, 12.0, 56.0, 244.0, 1_396.0, 8_200.0, 55_092.0];
    for (depth, &leaves) in (1..).zip(&expected) {
        assert_eq!(wasm_api::perft(depth), leaves, "depth {depth}");
    }
}

#[wasm_bindgen_test]
fn exported_solve_answers_the_listed_score() {
    // FFO #40 with its last row filled: 12 empties, quick even in a debug build.
    let line = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--XOOOOXXXX X;";
    let answer: serde_json::Value = serde_json::from_str(&wasm_api::solve_obf(line)).expect("JSON");
    let board = game::notation::read_obf(line).unwrap().position.board().as_board().unwrap();
    assert_eq!(answer["score"], engine::Searcher::new(1).solve(&board).score, "{answer}");
    assert!(answer["nodes"].as_u64().is_some_and(|n| n > 0), "{answer}");
    let bad: serde_json::Value = serde_json::from_str(&wasm_api::solve_obf("garbage X;")).expect("JSON");
    assert!(bad["error"].is_string(), "{bad}");
}

// ---- The app's components, mounted in the page ----

mod app {
    use leptos::prelude::*;
    use reversi::App;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_test::wasm_bindgen_test;

    /// The app mounted in a fresh container with nothing saved from an earlier test.
    struct Mounted {
        container: web_sys::HtmlElement,
    }

    impl Mounted {
        /// Mounts the app and waits for its start to build every part (the board first, the rest a part per task).
        async fn started() -> (Mounted, impl Drop) {
            window().local_storage().unwrap().unwrap().clear().unwrap();
            let container: web_sys::HtmlElement = document().create_element("div").unwrap().unchecked_into();
            document().body().unwrap().append_child(&container).unwrap();
            let handle = leptos::mount::mount_to(container.clone(), App);
            let app = Mounted { container };
            let built = until(5, || app.container.query_selector(".move-list").unwrap().is_some()).await;
            assert!(built, "the side panel's parts were built");
            (app, handle)
        }

        fn square(&self, name: &str) -> web_sys::Element {
            self.container.query_selector(&format!("[data-square=\"{name}\"]")).unwrap().expect(name)
        }

        fn label(&self, name: &str) -> String {
            self.square(name).get_attribute("aria-label").unwrap()
        }

        fn text(&self, selector: &str) -> String {
            self.container.query_selector(selector).unwrap().expect(selector).text_content().unwrap()
        }

        fn click(&self, name: &str) {
            let init = web_sys::MouseEventInit::new();
            init.set_bubbles(true);
            let click = web_sys::MouseEvent::new_with_mouse_event_init_dict("click", &init).unwrap();
            self.square(name).dispatch_event(&click).unwrap();
        }
    }

    impl Drop for Mounted {
        fn drop(&mut self) {
            self.container.remove();
        }
    }

    async fn sleep(ms: i32) {
        let promise = js_sys::Promise::new(&mut |resolve, _| {
            window().set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms).unwrap();
        });
        wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
    }

    /// Waits (up to `seconds`) until `done` holds.
    async fn until(seconds: i32, done: impl Fn() -> bool) -> bool {
        for _ in 0..seconds * 20 {
            if done() {
                return true;
            }
            sleep(50).await;
        }
        done()
    }

    #[wasm_bindgen_test]
    async fn the_board_is_a_grid_of_named_squares() {
        let (app, _handle) = Mounted::started().await;
        assert!(app.container.query_selector("[role=grid]").unwrap().is_some());
        assert_eq!(app.container.query_selector_all("[role=row]").unwrap().length(), 8);
        assert_eq!(app.container.query_selector_all("[role=gridcell]").unwrap().length(), 64);
        assert_eq!(app.label("d4"), "d4, white");
        assert_eq!(app.label("e4"), "e4, black");
        assert_eq!(app.label("f5"), "f5, empty, legal move");
        assert_eq!(app.label("a1"), "a1, empty");
        assert_eq!(app.container.query_selector_all(".marker").unwrap().length(), 4, "four legal-move markers");
    }

    #[wasm_bindgen_test]
    async fn clicking_a_legal_square_plays_it_and_the_computer_replies() {
        let (app, _handle) = Mounted::started().await;
        app.click("f5");
        leptos::task::tick().await;
        assert_eq!(app.label("f5"), "f5, black, last move");
        assert_eq!(app.label("e5"), "e5, black", "the outflanked disc turned");
        assert_eq!(app.text("[data-testid=announcer]"), "Black f5. White to move.");
        assert!(app.text("[data-testid=status]").contains("White (Intermediate) is thinking"));
        let replied = until(20, || app.text("[data-testid=status]") == "Black to move.").await;
        assert!(replied, "status: {}", app.text("[data-testid=status]"));
        assert_eq!(app.container.query_selector_all(".move-list .move").unwrap().length(), 3, "Start, f5, reply");
    }

    #[wasm_bindgen_test]
    async fn an_illegal_square_is_refused_with_a_flash() {
        let (app, _handle) = Mounted::started().await;
        app.click("a1");
        leptos::task::tick().await;
        assert_eq!(app.label("a1"), "a1, empty");
        assert!(app.square("a1").query_selector(".refused-flash").unwrap().is_some());
        assert_eq!(app.text("[data-testid=status]"), "Black to move.");
    }
}
