// In-page extraction for the taskspace web crawler, installed as an init script.
// window.__taskspace.extract() lists the elements worth a graph node; state(), fieldValue()
// and the submit watcher serve the interaction probes. Everything runs in the page, so
// visibility, geometry and accessible names are the browser's own, not a guess from HTML.
(() => {
  if (window.__taskspace) return;

  const clean = (s, cap) => {
    const t = (s || "").replace(/\s+/g, " ").trim();
    return cap && t.length > cap ? t.slice(0, cap) : t;
  };
  const attr = (el, name) => (el.getAttribute(name) || "").trim();
  const lower = (el, name) => attr(el, name).toLowerCase();
  const toggleOf = (el) => lower(el, "data-toggle") || lower(el, "data-bs-toggle");

  const TEXT_TYPES = new Set(["", "text", "email", "password", "search", "tel", "url",
    "number", "date", "datetime-local", "month", "time", "week", "color", "range", "file"]);
  const BUTTON_TYPES = new Set(["button", "submit", "reset", "image"]);
  const ACTION_ROLES = new Set(["button", "tab", "menuitem", "menuitemcheckbox",
    "menuitemradio", "option", "treeitem"]);
  const NAV_CLASSES = ["navbar", "nav", "dropdown-menu", "menu", "sidebar", "toc"];
  const TOAST_CLASSES = ["toast", "alert", "snackbar", "notification", "flash"];
  const CONTAINERS = new Set(["form", "nav", "dialog", "toast", "list", "table"]);
  const IMPLICIT_ROLE = { a: "link", area: "link", button: "button", select: "combobox",
    textarea: "textbox", form: "form", nav: "navigation", table: "table", img: "img",
    ul: "list", ol: "list", dl: "list", dialog: "dialog", p: "paragraph", h1: "heading",
    h2: "heading", h3: "heading", h4: "heading", h5: "heading", h6: "heading" };

  function inputRole(el, kind) {
    if (el.tagName !== "INPUT") return "";
    const type = lower(el, "type");
    if (type === "checkbox" || type === "radio") return type;
    if (kind === "button") return "button";
    return kind === "search_box" ? "searchbox" : "textbox";
  }
  const hasClass = (el, names) => names.some((n) => el.classList.contains(n));

  function isSearch(el, tag, role, type) {
    if (role === "searchbox" || type === "search") return true;
    if (!(tag === "input" && TEXT_TYPES.has(type))) return false;
    const hint = [attr(el, "name"), el.id, attr(el, "placeholder"), attr(el, "aria-label"),
      attr(el, "title")].join(" ").toLowerCase();
    if (/search|suche|recherche|buscar/.test(hint) || ["q", "s", "query"].includes(attr(el, "name")))
      return true;
    return Boolean(el.closest('[role="search"]'));
  }

  function kindOf(el) {
    const tag = el.tagName.toLowerCase();
    const role = lower(el, "role");
    const type = lower(el, "type");
    if (tag === "input" && type === "hidden") return null;
    if (["script", "style", "template", "noscript", "head", "meta", "link"].includes(tag))
      return null;
    if (tag === "dialog" || role === "dialog" || role === "alertdialog" || el.classList.contains("modal"))
      return "dialog";
    if (role === "alert" || role === "status" || hasClass(el, TOAST_CLASSES)) return "toast";
    if (tag === "form" || role === "form" || role === "search") return "form";
    if (tag === "select" || role === "combobox" || role === "listbox") return "select";
    if ((tag === "input" && (type === "checkbox" || type === "radio")) ||
        ["checkbox", "radio", "switch"].includes(role)) return "checkbox";
    if (tag === "button" || (tag === "input" && BUTTON_TYPES.has(type))) return "button";
    if (tag === "a" || tag === "area" || role === "link") return "link";
    if (isSearch(el, tag, role, type)) return "search_box";
    if (tag === "input" || tag === "textarea" || role === "textbox" ||
        (el.isContentEditable && el.hasAttribute("contenteditable"))) return "input";
    if (ACTION_ROLES.has(role) || toggleOf(el)) return "button";
    if (tag === "nav" || ["navigation", "menu", "menubar", "tablist"].includes(role) ||
        hasClass(el, NAV_CLASSES)) return "nav";
    if (/^h[1-6]$/.test(tag) || role === "heading") return "heading";
    if (tag === "table" || role === "table" || role === "grid") return "table";
    if ((tag === "img" && attr(el, "alt")) || (role === "img" && attr(el, "aria-label")))
      return "image";
    if (tag === "ul" || tag === "ol" || tag === "dl" || role === "list") return "list";
    if (tag === "p" || tag === "blockquote") return clean(el.textContent) ? "text" : null;
    return null;
  }

  // Position among same-tag siblings, as [index (1-based), count]. During one extract()
  // the answers for all children of a parent are computed together and cached: pages
  // with a thousand paragraphs in one <div> would otherwise cost quadratic time.
  let cache = null;
  function siblingInfo(node) {
    if (cache && cache.has(node)) return cache.get(node);
    const parent = node.parentElement;
    const siblings = parent ? Array.from(parent.children) : [node];
    const counts = new Map();
    const info = new Map();
    for (const sib of siblings) {
      const n = (counts.get(sib.tagName) || 0) + 1;
      counts.set(sib.tagName, n);
      info.set(sib, n);
    }
    let answer = null;
    for (const sib of siblings) {
      const pair = [info.get(sib), counts.get(sib.tagName)];
      if (cache) cache.set(sib, pair);
      if (sib === node) answer = pair;
    }
    return answer || [1, 1];
  }

  function xpathOf(el) {
    const parts = [];
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      const name = node.namespaceURI === "http://www.w3.org/1999/xhtml"
        ? node.tagName.toLowerCase() : `*[name()='${node.tagName}']`;
      parts.unshift(`${name}[${siblingInfo(node)[0]}]`);
    }
    return "/" + parts.join("/");
  }

  function byXpath(xpath) {
    try {
      return document.evaluate(xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE,
        null).singleNodeValue;
    } catch (e) {
      return null;
    }
  }

  const resolvesTo = (selector, el) => {
    try {
      const found = document.querySelectorAll(selector);
      return found.length === 1 && found[0] === el;
    } catch (e) {
      return false;
    }
  };
  let idCache = null;
  function uniqueId(node) {
    if (!node.id) return false;
    if (idCache && idCache.has(node)) return idCache.get(node);
    const unique = resolvesTo("#" + CSS.escape(node.id), node);
    if (idCache) idCache.set(node, unique);
    return unique;
  }

  // A CSS selector that matches exactly this element, checked against the live DOM:
  // the shortest id-anchored path first, the full path from <html> when that fails.
  function selectorOf(el) {
    const build = (useIds) => {
      const parts = [];
      let node = el;
      for (; node && node !== document.documentElement; node = node.parentElement) {
        if (useIds && uniqueId(node)) {
          parts.unshift("#" + CSS.escape(node.id));
          return parts.join(" > ");
        }
        const [index, count] = siblingInfo(node);
        parts.unshift(CSS.escape(node.localName) + (count > 1 ? `:nth-of-type(${index})` : ""));
      }
      parts.unshift("html");
      return parts.join(" > ");
    };
    for (const candidate of [build(true), build(false)])
      if (resolvesTo(candidate, el)) return candidate;
    return null;
  }

  function textOfIds(ids) {
    return ids.split(/\s+/).map((id) => document.getElementById(id))
      .filter(Boolean).map((n) => n.innerText || n.textContent).join(" ");
  }

  // The accessible name, following the order of the accname spec for the cases that
  // matter on real pages (labelledby, aria-label, <label>, alt, value, content, title).
  function nameOf(el, kind) {
    const tag = el.tagName.toLowerCase();
    const labelledby = attr(el, "aria-labelledby");
    if (labelledby) {
      const t = clean(textOfIds(labelledby), 200);
      if (t) return t;
    }
    const label = clean(attr(el, "aria-label"), 200);
    if (label) return label;
    if (el.labels && el.labels.length)
      return clean(Array.from(el.labels).map((l) => l.innerText || l.textContent).join(" "), 200);
    if (tag === "img" || tag === "area" || (tag === "input" && lower(el, "type") === "image"))
      return clean(attr(el, "alt"), 200);
    if (tag === "input" && ["button", "submit", "reset"].includes(lower(el, "type")))
      return clean(el.value, 200) || (lower(el, "type") === "reset" ? "Reset" : "Submit");
    if (tag === "table" && el.caption) return clean(el.caption.textContent, 200);
    if (kind === "dialog") {
      const heading = el.querySelector("h1,h2,h3,h4,h5,h6,.modal-title");
      if (heading) return clean(heading.textContent, 200);
    }
    if (["link", "button", "heading", "checkbox"].includes(kind) || tag === "option") {
      const t = clean(el.innerText || el.textContent, 200);
      if (t) return t;
    }
    return clean(attr(el, "title"), 200) || clean(attr(el, "placeholder"), 200);
  }

  function isVisible(el) {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) return false;
    return el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  }

  function isEnabled(el) {
    if (el.matches(":disabled")) return false;
    if (lower(el, "aria-disabled") === "true") return false;
    if (el.tagName === "A" && (!el.hasAttribute("href") || el.classList.contains("disabled")))
      return false;
    return true;
  }

  function selectorTargets(selector) {
    if (!selector) return [];
    try {
      return Array.from(document.querySelectorAll(selector));
    } catch (e) {
      return [];
    }
  }

  // Elements this one declares it controls: aria-controls, data-target, href="#id",
  // filter attributes, and the sibling menu of a dropdown toggle (Bootstrap's convention).
  function declaredTargets(el) {
    const found = [];
    const add = (nodes, via) => nodes.forEach((n) => n && n !== el && found.push([n, via]));
    const controls = attr(el, "aria-controls");
    if (controls) add(controls.split(/\s+/).map((id) => document.getElementById(id)), "aria-controls");
    for (const name of ["data-target", "data-bs-target", "data-filter-target", "data-filter",
      "data-list"]) {
      if (el.hasAttribute(name)) add(selectorTargets(attr(el, name)), name);
    }
    const href = attr(el, "href");
    if (/^#[^#\s]+$/.test(href)) add([document.getElementById(decodeURIComponent(href.slice(1)))], "href");
    const toggle = toggleOf(el);
    if ((toggle === "dropdown" || lower(el, "aria-haspopup") === "true" ||
         lower(el, "aria-haspopup") === "menu") && el.parentElement) {
      const menu = Array.from(el.parentElement.children).find((c) => c !== el &&
        (c.classList.contains("dropdown-menu") || lower(c, "role") === "menu"));
      if (menu) add([menu], "dropdown");
    }
    return found;
  }

  function isSubmit(el) {
    const tag = el.tagName.toLowerCase();
    const type = lower(el, "type");
    if (tag === "button") return Boolean(el.form) && (type === "" || type === "submit");
    return tag === "input" && (type === "submit" || type === "image");
  }

  // What tells a content table from a layout one: its header (a row of th cells, a thead,
  // th cells heading rows, a caption), how much of the text of its data cells is link
  // text, whether it nests tables or marks itself as presentation or navigation. Python
  // judges the shape (taskspace.sources.web.tables); the page only measures it.
  const LAYOUT_HINT = /\b(nav\w*|menu\w*|layout|breadcrumbs?|toolbar|banner|sidebar)\b/i;
  const solid = (s) => (s || "").replace(/\s+/g, "").length;
  const linkChars = (node) => Array.from(node.querySelectorAll("a[href]"))
    .reduce((n, a) => n + solid(a.innerText || a.textContent), 0);
  function tableShape(el) {
    if (el.tagName !== "TABLE") return null; // an ARIA grid is a widget, not markup to judge
    const rows = Array.from(el.rows);
    let cells = 0, headerCells = 0, emptyCells = 0, cols = 0, text = 0, links = 0;
    for (const row of rows) {
      let width = 0;
      for (const cell of Array.from(row.cells)) {
        cells += 1;
        width += cell.colSpan || 1;
        if (!clean(cell.textContent)) emptyCells += 1;
        if (cell.tagName === "TH") {
          headerCells += 1;
        } else {
          text += solid(cell.innerText || cell.textContent);
          links += linkChars(cell);
        }
      }
      cols = Math.max(cols, width);
    }
    if (!text) { // no data cells: the whole table's text
      text = solid(el.innerText || el.textContent);
      links = linkChars(el);
    }
    const first = rows.length ? Array.from(rows[0].cells) : [];
    const headRow = Boolean(el.tHead && el.tHead.rows.length) ||
      (first.length > 1 && first.every((cell) => cell.tagName === "TH"));
    const role = lower(el, "role");
    const hint = [attr(el, "summary"), attr(el, "aria-label"), el.id, el.className]
      .join(" ").match(LAYOUT_HINT);
    return {
      rows: rows.length, cols, cells, header_cells: headerCells, empty_cells: emptyCells,
      header_row: headRow, caption: Boolean(el.caption && clean(el.caption.textContent)),
      text_chars: text, link_chars: links, nested: Boolean(el.querySelector("table")),
      presentation: role === "presentation" || role === "none",
      hint: hint ? hint[1].toLowerCase() : null,
    };
  }

  function mainText() {
    const main = document.querySelector('main, [role="main"], article') || document.body;
    return clean(main ? main.innerText : "", 5000);
  }

  function extract() {
    cache = new Map();
    idCache = new Map();
    try {
      return JSON.stringify(extractAll());
    } finally {
      cache = null;
      idCache = null;
    }
  }

  function extractAll() {
    const kept = new Map();
    const walker = document.createTreeWalker(document.body || document.documentElement,
      NodeFilter.SHOW_ELEMENT);
    for (let node = walker.currentNode; node; node = walker.nextNode()) {
      const kind = kindOf(node);
      if (kind) kept.set(node, kind);
    }
    const elements = [];
    for (const [el, kind] of kept) {
      const rect = el.getBoundingClientRect();
      let container = null;
      for (let up = el.parentElement; up; up = up.parentElement) {
        if (kept.has(up) && CONTAINERS.has(kept.get(up))) { container = up; break; }
      }
      const form = el.form && kept.has(el.form) ? el.form : null;
      const tag = el.tagName.toLowerCase();
      elements.push({
        kind, tag,
        role: lower(el, "role") || IMPLICIT_ROLE[tag] || inputRole(el, kind),
        name: nameOf(el, kind),
        text: clean(el.innerText || el.textContent, 500),
        xpath: xpathOf(el),
        selector: selectorOf(el),
        bbox: [rect.x + window.scrollX, rect.y + window.scrollY, rect.width, rect.height]
          .map((v) => Math.round(v)),
        visible: isVisible(el),
        enabled: isEnabled(el),
        href: (tag === "a" || tag === "area") && el.hasAttribute("href") ? el.href : null,
        raw_href: el.getAttribute("href"),
        action: tag === "form" ? el.action : (form ? form.action : null),
        method: tag === "form" ? el.method : (form ? form.method : null),
        input_type: tag === "input" ? (lower(el, "type") || "text") : null,
        placeholder: attr(el, "placeholder") || null,
        toggle: toggleOf(el) || null,
        download: el.hasAttribute("download"),
        submit: isSubmit(el),
        container: container ? xpathOf(container) : null,
        form: form ? xpathOf(form) : null,
        targets: declaredTargets(el).filter(([n]) => kept.has(n))
          .map(([n, via]) => ({ xpath: xpathOf(n), via })),
        table: kind === "table" ? tableShape(el) : null,
      });
    }
    return { title: document.title, text: mainText(), elements };
  }

  // Probe side: what the watched dialogs, menus, toasts and lists look like now, and which
  // document this is (a navigation gives a new timeOrigin). With ``mark`` the snapshot
  // also starts the settle clock: the action follows at once.
  function state(xpaths, mark) {
    if (mark) {
      actedAt = performance.now();
      mutations = 0;
    }
    const out = {};
    for (const xpath of xpaths) {
      const el = byXpath(xpath);
      if (!el) { out[xpath] = { visible: false, sig: "" }; continue; }
      const items = el.matches("table, [role=table], [role=grid]")
        ? Array.from(el.querySelectorAll("tr")) : Array.from(el.children);
      const shown = items.filter((c) => isVisible(c)).map((c) => clean(c.innerText, 80));
      out[xpath] = { visible: isVisible(el), sig: shown.join("|") + "#" + clean(el.innerText, 300) };
    }
    return { document: performance.timeOrigin, url: location.href.split("#")[0], mutations,
      elements: out };
  }

  function fieldValue(xpath) {
    const el = byXpath(xpath);
    if (!el) return null;
    if (el.type === "checkbox" || el.type === "radio") return String(el.checked);
    return el.isContentEditable ? el.innerText : String(el.value);
  }

  // Settling after an action: time of the action and of the latest DOM mutation.
  let actedAt = 0;
  let mutatedAt = 0;
  let mutations = 0;
  new MutationObserver((records) => {
    mutatedAt = performance.now();
    mutations += records.length;
  }).observe(document,
    { subtree: true, childList: true, attributes: true, characterData: true });
  const settled = (quietMs, minMs) => {
    const now = performance.now();
    return now - actedAt >= minMs && now - mutatedAt >= quietMs;
  };

  // Reports each form submit to the probe through a Playwright binding: the call leaves
  // the page at once, so it is not lost when the submit then navigates away.
  function watchSubmits() {
    window.addEventListener("submit", (event) => {
      if (typeof window.__taskspaceSubmitted === "function")
        window.__taskspaceSubmitted(xpathOf(event.target));
    }, true);
  }

  Object.defineProperty(window, "__taskspace", {
    value: { extract, state, fieldValue, watchSubmits, settled },
    enumerable: false,
  });
})();
