"""The static rules site, built by `rulebook rules site`, opened from disk in headless Chromium:
no server, no kernel, no network. Search works offline and cross-references lead where they say."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from browser._chromium import WAIT_MS

from rulebook.reference import load_reference
from rulebook.reference._site import docname

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The site as a reader builds it, with the installed command."""
    rulebook = shutil.which("rulebook")
    assert rulebook is not None, "the rulebook command is not installed (pip install -e '.[test]')"
    out = tmp_path_factory.mktemp("site")
    done = subprocess.run(
        [rulebook, "rules", "site", "-o", str(out)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("built the rules site: open file://")
    return out


@pytest.fixture
def offline_page(browser):
    """A page that may read local files and nothing else: any other request is refused."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    asked_elsewhere: list[str] = []

    def only_files(route):
        if route.request.url.startswith(("file://", "data:")):
            route.continue_()
        else:
            asked_elsewhere.append(route.request.url)
            route.abort()

    page.route("**/*", only_files)
    yield page
    context.close()
    assert asked_elsewhere == []


def test_every_entry_has_a_page_and_the_indexes_are_there(site):
    ref = load_reference()
    missing = [e.id for e in ref if not (site / f"{docname(e.id)}.html").is_file()]
    assert missing == []
    for page in ("index", "interpretations", "findings", "vocabulary", "search"):
        assert (site / f"{page}.html").is_file()
    assert (site / "searchindex.js").is_file()
    findings = (site / "findings.html").read_text(encoding="utf-8")
    assert "ftv:3.5.8 cites “6.1” (ftv:6.1)" in findings
    interpretations = (site / "interpretations.html").read_text(encoding="utf-8")
    assert interpretations.count('class="section"') + interpretations.count("<section") > 40


def test_search_from_disk_then_follow_a_cross_reference(site, offline_page, artifacts):
    page = offline_page
    page.goto((site / "index.html").as_uri())
    box = page.locator("#searchbox input[name='q']")
    box.fill("line of sight")
    box.press("Enter")
    page.wait_for_url("**/search.html?q=*")
    # Sphinx adds the results one by one; click only once the list is whole and stays put.
    page.wait_for_selector("#search-results p.search-summary:has-text('Search finished')")
    first = page.locator("#search-results ul.search li a").first
    first.wait_for()
    links = page.locator("#search-results ul.search li a").all_inner_texts()
    assert any(text.startswith("lza:7.8 Line of Sight") for text in links), links
    page.screenshot(path=str(artifacts / "rules_site_search.png"), full_page=True)
    page.locator("#search-results ul.search li a", has_text="lza:7.8 Line of Sight").first.click()
    page.wait_for_url("**/lza/7-8.html*")
    assert page.locator("h1").inner_text().startswith("lza:7.8 Line of Sight")
    assert "How the engine plays it" in page.locator("body").inner_text()
    # 7.8 refers to 11.1A (Night LOS); follow the printed cross-reference and come back by 'Cited by'.
    page.locator("#refers-to a", has_text="lza:11.1A").click()
    page.wait_for_url("**/lza/11-1A.html")
    assert page.locator("h1").inner_text().startswith("lza:11.1A Night LOS")
    page.screenshot(path=str(artifacts / "rules_site_entry.png"), full_page=True)
    assert page.locator("#cited-by a", has_text="lza:7.8").count() == 1


def test_an_abbreviation_and_a_rule_id_find_their_entries_offline(site, offline_page):
    page = offline_page
    for query, wanted in (("CRT", "ftv:4.0"), ("lza:7.8", "lza:7.8")):
        page.goto(f"{(site / 'search.html').as_uri()}?q={query}")
        page.locator("#search-results ul.search li a").first.wait_for()
        texts = page.locator("#search-results ul.search li a").all_inner_texts()
        assert any(t.startswith(wanted + " ") for t in texts), (query, texts[:5])


def test_a_misspelt_word_is_corrected_from_the_sites_own_words_offline(site, offline_page):
    """Sphinx matches whole words; the site's typo script searches the nearest word instead and
    says so, with a link back to the query as typed."""
    page = offline_page
    page.goto(f"{(site / 'search.html').as_uri()}?q=line of sihgt")
    page.locator("#search-results ul.search li a").first.wait_for()
    texts = page.locator("#search-results ul.search li a").all_inner_texts()
    assert any(t.startswith("lza:7.8 Line of Sight") for t in texts), texts[:5]
    note = page.locator(".typo-note").inner_text()
    assert "“sight” for “sihgt”" in note
    assert page.locator("#searchbox input[name='q'], input[name='q']").first.input_value() == (
        "line of sight"
    )
    page.locator(".typo-note a").click()
    page.wait_for_url("**exact=1*")
    page.locator("#search-results p.search-summary", has_text="did not match").wait_for()
    assert page.locator(".typo-note").count() == 0  # as typed: nothing corrected, nothing found
    assert page.locator("#search-results ul.search li").count() == 0
