// Load Pyodide in Node.js, copy the engine (tutor/, without the notebook-only widgets, with its
// translations) into its file system, run a Python file there and print what it prints.
// Usage: node run.mjs REPO_ROOT SCRIPT.py
import { loadPyodide } from "pyodide";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const [root, script] = process.argv.slice(2);
const pyodide = await loadPyodide({ stdout: (line) => console.log(line) });
const home = "/home/pyodide/";

function copy(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const target = home + relative(root, path);
    if (statSync(path).isDirectory()) {
      if (name === "__pycache__" || name === "widgets") continue;
      pyodide.FS.mkdirTree(target);
      copy(path);
    } else if (name.endsWith(".py") || name.endsWith(".bin") || name.endsWith(".mo") ||
               name === "py.typed") {
      pyodide.FS.writeFile(target, readFileSync(path));
    }
  }
}

pyodide.FS.mkdirTree(home + "tutor");
copy(join(root, "tutor"));
pyodide.runPython(`import sys; sys.path.insert(0, "${home}")`);
pyodide.runPython(readFileSync(script, "utf8"));
