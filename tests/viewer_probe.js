// viewer_probe.js -- steps through the page `wonders board --format html`
// writes, as a reader would (arrow keys, buttons, the slider), and writes
// what each step shows into the DOM (a <pre id="probe">, one line a step)
// for tests/pages.sh to read from `chromium --dump-dom`.
(function () {
  'use strict';
  var out = [];
  function state() {
    var shown = document.querySelectorAll('.frame:not([hidden])');
    if (shown.length !== 1) return shown.length + ' frames shown';
    var f = shown[0];
    var scores = Array.prototype.map.call(f.querySelectorAll('table.scores tr'), function (tr) {
      return tr.cells[0].textContent + ' ' + tr.cells[1].textContent;
    }).join(', ');
    var log = f.querySelector('ol.log').textContent.replace(/\s+/g, ' ').trim();
    return 'frame ' + f.getAttribute('data-frame') + ' | ' + document.getElementById('where').textContent + ' | ' +
           scores + ' | outlined ' + f.querySelectorAll('.just-placed').length + ' of ' +
           f.querySelectorAll('.board .tile').length + ' tiles | ' + log;
  }
  // Whether the shown frame's board fills its panel (as wide as it, or as
  // tall as the page lets it be) and its tiles fill the board (the board is
  // their extent, not a fixed canvas).
  function zoomed() {
    var f = document.querySelector('.frame:not([hidden])'), panel = f.querySelector('.board');
    var svg = panel.querySelector('svg'), r = svg.getBoundingClientRect();
    var tiles = panel.querySelectorAll('.tile'), x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
    for (var i = 0; i < tiles.length; i++) {
      var b = tiles[i].getBoundingClientRect();
      x0 = Math.min(x0, b.left); y0 = Math.min(y0, b.top); x1 = Math.max(x1, b.right); y1 = Math.max(y1, b.bottom);
    }
    var fills = r.width >= 0.95 * panel.clientWidth || r.height >= 0.95 * 0.82 * window.innerHeight;
    var tight = (x1 - x0) >= 0.6 * r.width || (y1 - y0) >= 0.6 * r.height;
    return 'zoomed ' + (fills && tight ? 'yes' : 'no (board ' + Math.round(r.width) + 'x' + Math.round(r.height) +
           ' in ' + panel.clientWidth + ', tiles ' + Math.round(x1 - x0) + 'x' + Math.round(y1 - y0) + ')');
  }
  function key(k) { document.body.dispatchEvent(new KeyboardEvent('keydown', {key: k, bubbles: true})); }
  var doc = document.documentElement;
  out.push('overflow ' + (doc.scrollWidth > doc.clientWidth ? 'yes' : 'no'));
  out.push('frames ' + document.querySelectorAll('.frame').length);
  out.push('title ' + document.title);
  out.push('start ' + zoomed());
  out.push('start: ' + state());
  key('ArrowRight');
  out.push('right: ' + state());
  out.push('right ' + zoomed());
  key('ArrowLeft');
  out.push('left: ' + state());
  key('ArrowLeft');
  out.push('left again: ' + state());
  var slider = document.getElementById('step');
  slider.value = 11;
  slider.dispatchEvent(new Event('input', {bubbles: true}));
  out.push('slider 11: ' + state());
  document.getElementById('next').click();
  out.push('next: ' + state());
  key('End');
  out.push('end: ' + state());
  out.push('end ' + zoomed());
  out.push('next disabled ' + document.getElementById('next').disabled);
  document.getElementById('first').click();
  out.push('first: ' + state());
  var pre = document.createElement('pre');
  pre.id = 'probe';
  pre.textContent = out.join('\n') + '\n';
  document.body.appendChild(pre);
})();
