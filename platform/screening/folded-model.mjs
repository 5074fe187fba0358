// nsfwjs's MobileNetV2 with each BatchNormalization folded into the convolution before it, built once at load from the
// model JSON and weights the nsfwjs package ships. The model is a Keras layers model in which every Conv2D and
// DepthwiseConv2D (no bias, linear) feeds only its own BatchNormalization; on the wasm backend those batch norms were a
// third of a classification (docs/measurements.md, issue 42). Folded: W' = W·γ/√(σ²+ε) per output channel,
// b' = (b−μ)·γ/√(σ²+ε)+β, the same function: a Conv2D adds its bias inside its fused kernel, a depthwise one with a
// cheap bias add. The ReLU(max 6) layers after them stay: tfjs-layers fuses no relu6 into a convolution. A
// conv→batch norm pair that is not exactly that shape throws: the model is never silently changed.

/** The layers this folds a batch norm into, and the name of their kernel weight. */
const KERNELS = { Conv2D: 'kernel', DepthwiseConv2D: 'depthwise_kernel' };
const BN_WEIGHTS = ['gamma', 'beta', 'moving_mean', 'moving_variance'];

/** nsfwjs's MobileNetV2, folded, as an nsfwjs classifier on `tf`'s current backend. */
export async function loadFoldedMobileNetV2(tf) {
  // The core and the one model: the package's root entry would register its three bundled models.
  const { load } = await import('nsfwjs/core');
  const { MobileNetV2Model } = await import('nsfwjs/models/mobilenet_v2');
  let artifacts = (await foldBatchNorms(tf, await artifactsOf(MobileNetV2Model))).artifacts;
  // Not a bundled model's name: nsfwjs loads the handler as a layers model, as it loads its own MobileNetV2. The
  // handler (tfjs's IOHandler interface) hands the artifacts over once and keeps no reference: nsfwjs keeps its handler
  // for the model's life, and the weights' buffer (14 MB) would stay with it.
  const handler = {
    load: async () => {
      const once = artifacts ?? fail('the folded model was loaded twice');
      artifacts = null;
      return once;
    },
  };
  return load(handler, { size: 224 });
}

/** The model JSON and weights of an nsfwjs model definition (nsfwjs/models/*), as tfjs ModelArtifacts. */
async function artifactsOf(definition) {
  const json = (await definition.modelJson()).default;
  const bundles = await Promise.all(definition.weightBundles.map(async (bundle) => Buffer.from((await bundle()).default, 'base64')));
  // nsfwjs names its bundle i `group1-shard{i+1}of{n}`, the paths of the JSON's manifest.
  const byPath = new Map(bundles.map((bytes, i) => [`group1-shard${i + 1}of${bundles.length}`, bytes]));
  const shards = json.weightsManifest.flatMap((group) => group.paths).map((p) => byPath.get(p) ?? fail(`no weight bundle for ${p}`));
  const data = Buffer.concat(shards);
  return {
    modelTopology: json.modelTopology,
    weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
    weightData: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength),
  };
}

/** `artifacts` (a Keras layers model) with its conv→BatchNormalization pairs folded; `folded` names the convolutions. */
export async function foldBatchNorms(tf, artifacts) {
  const topology = structuredClone(artifacts.modelTopology);
  // nsfwjs's JSON nests the model in model_config, as Keras saves it; tfjs's own saves do not.
  const config = (topology?.model_config ?? topology)?.config;
  if (!Array.isArray(config?.layers)) throw new Error('batch norm folding: not a Keras layers model');
  const weights = decodedWeights(tf, artifacts);
  const folded = [];
  for (const bn of config.layers.filter((l) => l.class_name === 'BatchNormalization')) {
    const conv = convBefore(config, bn);
    if (!conv) continue;
    foldInto(conv, bn, weights);
    removeLayer(config, bn, conv.name);
    folded.push(conv.name);
  }
  return { artifacts: { modelTopology: topology, ...float32Weights(weights) }, folded };
}

/**
 * The weights decoded (tfjs's own decoding, quantized ones included) into plain arrays, each tensor disposed once read
 * and the folded weights handed over as plain data (not as tensors to encode): the backend's heap (wasm's never shrinks)
 * holds the decoded weights once, freed before the model's own are loaded into it.
 */
function decodedWeights(tf, artifacts) {
  const tensors = tf.io.decodeWeights(artifacts.weightData, artifacts.weightSpecs);
  const weights = new Map();
  for (const [name, t] of Object.entries(tensors)) {
    weights.set(name, { shape: t.shape, values: t.dataSync() });
    t.dispose();
  }
  return weights;
}

/** The weights as a tfjs weights manifest holds them unquantized: float32 values, little-endian, one after another. */
function float32Weights(weights) {
  const weightSpecs = [];
  const total = [...weights.values()].reduce((sum, w) => sum + w.values.length, 0);
  const data = new Float32Array(total);
  let at = 0;
  for (const [name, w] of weights) {
    if (!(w.values instanceof Float32Array)) fail(`weight ${name} is not float32`);
    weightSpecs.push({ name, shape: w.shape, dtype: 'float32' });
    data.set(w.values, at);
    at += w.values.length;
  }
  return { weightSpecs, weightData: data.buffer };
}

function fail(message) {
  throw new Error(`batch norm folding: ${message}`);
}

/** The single input of `layer`'s single call, as [layerName, nodeIndex, tensorIndex]. */
function onlyInput(layer) {
  const calls = layer.inbound_nodes ?? [];
  if (calls.length !== 1 || calls[0].length !== 1) return null;
  return calls[0][0];
}

/** Every reference to `name`'s outputs: other layers' inputs and the model's outputs. */
function referencesTo(config, name) {
  const inputs = config.layers.flatMap((l) => (l.inbound_nodes ?? []).flat());
  return [...inputs, ...(config.output_layers ?? [])].filter((ref) => ref[0] === name);
}

/** The convolution `bn` normalizes, when its input is one; checked to be exactly the foldable shape. */
function convBefore(config, bn) {
  const input = onlyInput(bn);
  const conv = input && config.layers.find((l) => l.name === input[0]);
  if (!conv || !(conv.class_name in KERNELS)) return null;
  const at = `${conv.name} → ${bn.name}`;
  const c = conv.config;
  if (input[1] !== 0 || input[2] !== 0 || (conv.inbound_nodes ?? []).length !== 1) fail(`${at}: the convolution is shared`);
  if (referencesTo(config, conv.name).length !== 1) fail(`${at}: the convolution's output has other consumers`);
  if (c.activation !== 'linear') fail(`${at}: the convolution's activation is ${c.activation}`);
  if (c.data_format !== 'channels_last') fail(`${at}: data format ${c.data_format}`);
  const b = bn.config;
  if (![-1, 3].includes(b.axis) || b.center !== true || b.scale !== true || !(b.epsilon > 0))
    fail(`${at}: batch norm ${JSON.stringify({ axis: b.axis, center: b.center, scale: b.scale, epsilon: b.epsilon })}`);
  return conv;
}

/** W' and b' of `conv` in `weights`, and `bn`'s four weights removed. */
function foldInto(conv, bn, weights) {
  const kernelName = `${conv.name}/${KERNELS[conv.class_name]}`;
  const biasName = `${conv.name}/bias`;
  const kernel = weights.get(kernelName) ?? fail(`no weight ${kernelName}`);
  const [gamma, beta, mean, variance] = BN_WEIGHTS.map((w) => weights.get(`${bn.name}/${w}`)?.values ?? fail(`no weight ${bn.name}/${w}`));
  // Output channels: the last axis of a Conv2D kernel [h, w, in, out]; in·multiplier for a depthwise one [h, w, in, m].
  const channels = conv.class_name === 'Conv2D' ? kernel.shape[3] : kernel.shape[2] * kernel.shape[3];
  const bias = conv.config.use_bias ? (weights.get(biasName)?.values ?? fail(`no weight ${biasName}`)) : new Float32Array(channels);
  if (kernel.shape.length !== 4 || [gamma, beta, mean, variance, bias].some((v) => v.length !== channels))
    fail(`${conv.name} → ${bn.name}: kernel ${kernel.shape} against ${gamma.length} batch norm channels`);
  const scale = new Float64Array(channels);
  const folded = new Float32Array(channels);
  for (let c = 0; c < channels; c++) {
    scale[c] = gamma[c] / Math.sqrt(variance[c] + bn.config.epsilon);
    folded[c] = (bias[c] - mean[c]) * scale[c] + beta[c];
  }
  const values = new Float32Array(kernel.values.length);
  for (let i = 0; i < values.length; i++) values[i] = kernel.values[i] * scale[i % channels];
  weights.set(kernelName, { shape: kernel.shape, values });
  weights.set(biasName, { shape: [channels], values: folded });
  for (const w of BN_WEIGHTS) weights.delete(`${bn.name}/${w}`);
  conv.config.use_bias = true;
}

/** `bn` out of the layers, what read its output reading `source`'s instead. */
function removeLayer(config, bn, source) {
  config.layers = config.layers.filter((l) => l !== bn);
  for (const ref of referencesTo(config, bn.name)) ref[0] = source;
}
