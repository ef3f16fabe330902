/*
 * Typo-tolerant search for the static rules site (written for Ia Drang Rulebook).
 *
 * Sphinx's own search only matches whole indexed words, so one slip ("helicoptr") finds nothing.
 * Before the search runs, each query word whose stem is not in the index is replaced by the
 * nearest word of the site's own text (RULEBOOK_WORDS, written by the build, most frequent
 * first) within one edit for short words and two for longer ones, and the page says what was
 * searched instead. Loaded with `defer` before searchindex.js, so it wraps Search.query before
 * the first query runs; on pages without the search tools it does nothing.
 */
(() => {
  if (typeof Search === "undefined" || typeof RULEBOOK_WORDS === "undefined") return;

  const distance = (a, b, limit) => {
    // Edit distance with swapped neighbours counting as one edit (optimal string alignment),
    // giving up once every path exceeds the limit.
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    let before = null;
    let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      const current = [i];
      let best = i;
      for (let j = 1; j <= b.length; j++) {
        const cost = a[i - 1] === b[j - 1] ? 0 : 1;
        current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
        if (before && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          current[j] = Math.min(current[j], before[j - 2] + 1);
        }
        best = Math.min(best, current[j]);
      }
      if (best > limit) return limit + 1;
      before = previous;
      previous = current;
    }
    return previous[b.length];
  };

  const corrected = (query) => {
    const stemmer = new Stemmer();
    const terms = Search._index.terms;
    const titleTerms = Search._index.titleterms;
    const known = (word) => {
      const stem = stemmer.stemWord(word);
      return stem in terms || stem in titleTerms;
    };
    const changes = [];
    const words = splitQuery(query.trim()).map((word) => {
      const lower = word.toLowerCase();
      if (lower.length < 3 || /\d/.test(lower) || stopwords.has(lower) || known(lower)) return word;
      const limit = lower.length <= 5 ? 1 : 2;
      let best = null;
      let bestDistance = limit + 1;
      for (const candidate of RULEBOOK_WORDS) {
        const d = distance(lower, candidate, limit);
        if (d < bestDistance && known(candidate)) {
          best = candidate;
          bestDistance = d;
          if (d === 1) break; // the list runs from the most frequent word down
        }
      }
      if (best === null) return word;
      changes.push([word, best]);
      return best;
    });
    return changes.length ? { query: words.join(" "), changes } : null;
  };

  const note = (fix, original) => {
    const out = document.getElementById("search-results");
    if (!out) return;
    const p = document.createElement("p");
    p.className = "typo-note";
    const said = fix.changes.map(([from, to]) => `“${to}” for “${from}”`).join(", ");
    p.textContent = `No entry has every word you typed, so this searches ${said}. `;
    const link = document.createElement("a");
    link.href = `search.html?q=${encodeURIComponent(original)}&exact=1`;
    link.textContent = `Search for “${original}” as typed`;
    p.appendChild(link);
    out.prepend(p);
  };

  const exact = new URLSearchParams(window.location.search).get("exact");
  const query = Search.query;
  Search.query = (text) => {
    const fix = exact ? null : corrected(text);
    if (fix === null) return query(text);
    note(fix, text);
    document.querySelectorAll('input[name="q"]').forEach((el) => (el.value = fix.query));
    return query(fix.query);
  };
})();
