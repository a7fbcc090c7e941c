// sepax report page: sortable and filterable tables, anchors that open their
// folded section, and a record on the body element of what loaded (read by
// tests/html_in_chromium.sh). Self-contained: no library, no network.
(function () {
  "use strict";
  var errors = [];
  window.onerror = function (msg, src, line) { errors.push(String(msg) + " (line " + line + ")"); };

  // A cell's sort key: a number when the column is numeric ("-" and empty last).
  function cellKey(td, numeric) {
    var text = (td ? td.textContent : "").trim();
    if (!numeric) return { empty: text === "" || text === "-", v: text.toLowerCase() };
    if (/^threw\b/.test(text)) return { empty: false, v: Infinity };  // a severity: worse than any number
    var m = text.replace(/[,×x%]/g, "").match(/^[<>≤]?\s*(-?[0-9.]+(?:e[-+]?[0-9]+)?)/i);
    return m ? { empty: false, v: parseFloat(m[1]) } : { empty: true, v: 0 };
  }

  function makeSortable(table) {
    var head = table.tHead ? table.tHead.rows[0] : null;
    var body = table.tBodies[0];
    if (!head || !body) return;
    Array.prototype.forEach.call(head.cells, function (th, col) {
      th.classList.add("sortable");
      th.title = "sort by this column";
      th.addEventListener("click", function () {
        var numeric = th.classList.contains("num");
        var asc = !th.classList.contains("sorted-asc");
        Array.prototype.forEach.call(head.cells, function (h) { h.classList.remove("sorted-asc", "sorted-desc"); });
        th.classList.add(asc ? "sorted-asc" : "sorted-desc");
        var rows = Array.prototype.slice.call(body.rows);
        rows.forEach(function (r, i) { r.dataset.order = r.dataset.order || String(i); });
        rows.sort(function (a, b) {
          var x = cellKey(a.cells[col], numeric), y = cellKey(b.cells[col], numeric);
          if (x.empty !== y.empty) return x.empty ? 1 : -1;   // empty cells last either way
          var c = x.v < y.v ? -1 : x.v > y.v ? 1 : 0;
          return (asc ? c : -c) || (+a.dataset.order - +b.dataset.order);
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  }

  // Rows kept when every word typed appears in them (case-insensitive).
  function makeFilterable(table) {
    var body = table.tBodies[0];
    if (!body || body.rows.length < 10) return;
    var input = document.createElement("input");
    input.type = "search";
    input.className = "filter";
    input.placeholder = "filter rows (words, e.g. fcl random)";
    var count = document.createElement("span");
    count.className = "filter-count";
    input.addEventListener("input", function () {
      var words = input.value.toLowerCase().split(/\s+/).filter(Boolean), shown = 0;
      Array.prototype.forEach.call(body.rows, function (r) {
        var text = r.textContent.toLowerCase();
        var keep = words.every(function (w) { return text.indexOf(w) >= 0; });
        r.style.display = keep ? "" : "none";
        if (keep) shown++;
      });
      count.textContent = words.length ? shown + " of " + body.rows.length + " rows" : "";
    });
    table.parentNode.insertBefore(input, table);
    table.parentNode.insertBefore(count, table);
  }

  // A link to an anchor inside a folded section opens the section.
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    var el = id ? document.getElementById(id) : null;
    for (var p = el; p; p = p.parentElement) if (p.tagName === "DETAILS") p.open = true;
    if (el) el.scrollIntoView();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var tables = document.querySelectorAll("table");
    Array.prototype.forEach.call(tables, function (t) { makeSortable(t); makeFilterable(t); });
    document.body.setAttribute("data-tables-sortable", document.querySelectorAll("th.sortable").length ? tables.length : 0);
    window.addEventListener("hashchange", openTarget);
    openTarget();
  });

  window.addEventListener("load", function () {
    var imgs = document.images, loaded = 0;
    for (var i = 0; i < imgs.length; i++) if (imgs[i].complete && imgs[i].naturalWidth > 0) loaded++;
    var b = document.body;
    b.setAttribute("data-plots-total", imgs.length);
    b.setAttribute("data-plots-loaded", loaded);
    // The first screen: where the summary table sits in the window.
    var summary = document.getElementById("summary-table");
    if (summary) {
      var r = summary.getBoundingClientRect();
      b.setAttribute("data-summary-top", Math.round(r.top));
      b.setAttribute("data-summary-bottom", Math.round(r.bottom));
      b.setAttribute("data-summary-right", Math.round(r.right));
    }
    b.setAttribute("data-viewport", window.innerWidth + "x" + window.innerHeight);
    b.setAttribute("data-errors", errors.length);
    b.setAttribute("data-error-messages", errors.join(" | "));
    b.setAttribute("data-check", "done");
  });
})();
