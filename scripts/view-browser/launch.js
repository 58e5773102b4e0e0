// Headless Chromium as every browser check launches it: the system's chromium (or
// $CHROMIUM), no sandbox (CI runs as root), and no background networking, so that any
// request a check sees comes from the page under test.
"use strict";
const { chromium } = require("playwright-core");

module.exports = function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
};
