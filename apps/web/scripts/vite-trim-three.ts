/**
 * The web build's plugins that trim three.js and the meshopt decoder out of what a visitor
 * downloads (`vite.config.ts` uses them): compact shaders, stubs for the WebXR manager and
 * uniform groups no page uses, unused shader programs and chunks, and one meshopt build per engine.
 */
import type { PluginOption } from "vite";

/** One GLSL source as the body of a JS string literal, without comments, indentation and blank lines. */
function compactGlsl(body: string): string {
  return body
    .split("\\n")
    .map((line) =>
      line
        .replace(/\/\/.*$/, "")
        .replace(/^(?:\\t|\s)+/, "")
        .replace(/(?:\\t|\s)+$/, ""),
    )
    .filter((line) => line !== "")
    .join("\\n");
}

/**
 * What the renderer asks of `renderer.xr` when no XR session ever starts: WebXR (VR/AR) is not
 * part of the product (SPEC has no AR/VR), so three's WebXRManager (about 3.6 kB gzip with its
 * controllers and depth sensing) is replaced by this inert one.
 */
const WEBXR_STUB = `class WebXRManager extends EventDispatcher {
constructor(){super();this.cameraAutoUpdate=true;this.enabled=false;this.isPresenting=false;}
getController(){return null}getControllerGrip(){return null}getHand(){return null}
setFramebufferScaleFactor(){}setReferenceSpaceType(){}getReferenceSpace(){return null}setReferenceSpace(){}
getBaseLayer(){return null}getBinding(){return null}getFrame(){return null}getSession(){return null}
setSession(){return Promise.reject(new Error("WebXR is not part of this build."))}
getEnvironmentBlendMode(){return undefined}getDepthTexture(){return null}updateCamera(){}getCamera(){return null}
getFoveation(){return undefined}setFoveation(){}hasDepthSensing(){return false}getDepthSensingMesh(){return null}
getCameraTexture(){return null}setAnimationLoop(){}dispose(){}}`;

/**
 * What the renderer asks of its uniform-buffer manager: only a `ShaderMaterial` with
 * `uniformsGroups` (WebGL2 UBOs) uses it, and no page makes one (GLTFLoader, the environment and
 * the shadow passes do not). About 1 kB gzip; a future use throws, naming this file.
 */
const UNIFORMS_GROUPS_STUB = `function WebGLUniformsGroups(){const none=()=>{throw new Error("Uniform buffer objects are not part of this build (vite.config.ts).")};
return{bind:none,update:none,dispose(){}}}`;

/**
 * Shader programs our pages never use: materials no page creates (toon, matcap, Phong, normal,
 * dashed lines, sprites; GLTFLoader makes none of them), a cube-map background and the
 * equirectangular program (backgrounds are a colour, a gradient or a flat image). Their sources
 * become an `#error` that names them, so a future use fails loudly at compile time instead of
 * drawing nothing. About 2 kB gzip.
 */
const UNUSED_SHADER_PROGRAMS = [
  "meshtoon",
  "meshmatcap",
  "meshphong",
  "meshnormal",
  "linedashed",
  "sprite",
  "backgroundCube",
  "equirect",
];
/** Shader chunks only those programs include. */
const UNUSED_SHADER_CHUNKS = [
  "gradientmap_pars_fragment",
  "lights_toon_fragment",
  "lights_toon_pars_fragment",
  "lights_phong_fragment",
  "lights_phong_pars_fragment",
];

/** `vertex$4` → `meshtoon_vert`: the variables of the unused programs, read from `ShaderChunk`. */
function unusedShaderVariables(code: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const program of UNUSED_SHADER_PROGRAMS) {
    for (const stage of ["vert", "frag"]) {
      const name = `${program}_${stage}`;
      const match = new RegExp(`^\\t${name}: ((?:vertex|fragment)\\$[a-z0-9]*),?$`, "m").exec(code);
      if (!match?.[1])
        throw new Error(`three.module.js: ShaderChunk.${name} not found; review vitrine:trim-three`);
      found.set(match[1], name);
    }
  }
  for (const chunk of UNUSED_SHADER_CHUNKS) {
    if (!code.includes(`\nvar ${chunk} = "`)) {
      throw new Error(`three.module.js: chunk ${chunk} not found; review vitrine:trim-three`);
    }
  }
  return found;
}

/** Replaces the class declared at `head` (up to its matching brace) with `replacement`. */
function replaceClass(code: string, head: string, replacement: string): string {
  const start = code.indexOf(head);
  if (start < 0) throw new Error(`three.module.js: "${head}" not found; review vitrine:trim-three`);
  let depth = 0;
  for (let at = code.indexOf("{", start); at < code.length; at++) {
    if (code[at] === "{") depth++;
    else if (code[at] === "}" && --depth === 0)
      return code.slice(0, start) + replacement + code.slice(at + 1);
  }
  throw new Error(`three.module.js: "${head}" has no end`);
}

/**
 * Trims three.module.js for our pages (the studio and `/embed` share it): shader chunks
 * (`var name = "…";`) and programs (`const vertex$1 = "…";`) lose comments and indentation, as
 * three's own build once did (about 0.8 kB gzip), programs no page uses are dropped (above), and
 * WebXR and uniform buffers give way to stubs. Together with the terser pass they keep
 * `/embed` within its budget. The build fails loudly if a three.js upgrade moves them.
 */
export function trimThree(): PluginOption {
  return {
    name: "vitrine:trim-three",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]three[\\/]build[\\/]three\.module\.js$/.test(id)) return null;
      const unused = unusedShaderVariables(code);
      const compact = code
        .replace(
          /^var ([A-Za-z_0-9]+) = "((?:[^"\\\n]|\\.)*)";$/gm,
          (_match, name: string, body: string) =>
            `var ${name} = "${UNUSED_SHADER_CHUNKS.includes(name) ? "" : compactGlsl(body)}";`,
        )
        .replace(
          /^const ((?:vertex|fragment)(?:\$[a-z0-9]+)?) = "((?:[^"\\\n]|\\.)*)";$/gm,
          (_match, name: string, body: string) => {
            const program = unused.get(name);
            const glsl = program
              ? `#error ${program} is not part of this build (vite.config.ts)`
              : compactGlsl(body);
            return `const ${name} = "${glsl}";`;
          },
        );
      return {
        code: replaceClass(
          replaceClass(compact, "class WebXRManager extends EventDispatcher {", WEBXR_STUB),
          "function WebGLUniformsGroups( gl, info, capabilities, state ) {",
          UNIFORMS_GROUPS_STUB,
        ),
        map: null,
      };
    },
  };
}

/**
 * meshoptimizer's decoder carries its WebAssembly twice, as text: a SIMD build and a plain one
 * (about 3.5 kB gzip each), and picks one at run time. The engine's worker runs only where the
 * page found WebAssembly SIMD (`canDrawInWorker`), so its copy keeps the SIMD build; the page's
 * engine (Safari, older browsers, the studio) keeps the plain one, which every browser runs.
 */
export function meshoptDecoderFor(build: "simd" | "base"): PluginOption {
  const dropped = build === "simd" ? "base" : "simd";
  return {
    name: `vitrine:meshopt-${build}`,
    apply: "build",
    transform(code, id) {
      if (!/[\\/]meshopt_decoder\.module\.js$/.test(id)) return null;
      const body = new RegExp(`(var wasm_${dropped} =\\s*)'[^']*'`);
      const choice = "var wasm = WebAssembly.validate(detector) ? unpack(wasm_simd) : unpack(wasm_base);";
      if (!body.test(code) || !code.includes(choice)) {
        throw new Error("meshopt_decoder.module.js changed; review vitrine:meshopt in vite.config.ts");
      }
      return {
        code: code.replace(body, "$1''").replace(choice, `var wasm = unpack(wasm_${build});`),
        map: null,
      };
    },
  };
}
