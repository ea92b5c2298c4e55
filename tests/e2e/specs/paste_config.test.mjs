// "Paste a config.json" (issue 33) in Chromium: pasting a Hugging Face config into the
// workload form sizes the recommendation for it, the note names what was read and every
// field that was not, the link carries the config (cfg=) and reopens the same page; a paste
// that is not a config is named in the note and leaves the link alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useApp, params, linkSettled } from '../lib/fixture.mjs';

const app = useApp();
const ready = { readySelector: '[data-testid=recommendation]' };

// DeepSeek-R1's config.json (https://huggingface.co/deepseek-ai/DeepSeek-R1/blob/main/config.json):
// its size fields and a selection of the others, as published (the engine's
// tests/pasted_config.rs and the CLI's tests/fixtures/deepseek-r1.config.json hold the same).
const DEEPSEEK_R1 = JSON.stringify({
  architectures: ['DeepseekV3ForCausalLM'],
  first_k_dense_replace: 3,
  hidden_size: 7168,
  intermediate_size: 18432,
  kv_lora_rank: 512,
  max_position_embeddings: 163840,
  model_type: 'deepseek_v3',
  moe_intermediate_size: 2048,
  moe_layer_freq: 1,
  n_group: 8,
  n_routed_experts: 256,
  n_shared_experts: 1,
  num_attention_heads: 128,
  num_experts_per_tok: 8,
  num_hidden_layers: 61,
  num_key_value_heads: 128,
  num_nextn_predict_layers: 1,
  q_lora_rank: 1536,
  qk_nope_head_dim: 128,
  qk_rope_head_dim: 64,
  rope_scaling: { beta_fast: 32, beta_slow: 1, factor: 40, type: 'yarn' },
  tie_word_embeddings: false,
  topk_group: 4,
  torch_dtype: 'bfloat16',
  v_head_dim: 128,
  vocab_size: 129280,
}, null, 2);

const CFG = '1-61.7168.128.128.56.18432.129280.163840.0-mla.1536.512.128.64.128-moe.256.8.1.2048.3';

test('pasting DeepSeek-R1s config sizes the recommendation for it and names what it did not read', async () => {
  const { page, context, errors } = await app.open('?preset=custom&task=serve&prec=fp8&cur=USD&lang=en', ready);
  await page.getByTestId('workload-config').fill(DEEPSEEK_R1);
  await page.waitForFunction((cfg) => new URLSearchParams(location.search).get('cfg') === cfg, CFG);
  const q = params(page);
  assert.equal(q.get('model'), 'custom');
  const model = page.getByTestId('workload-model');
  assert.equal(await model.inputValue(), 'custom');
  assert.equal(await model.locator('option:checked').textContent(), 'Custom (pasted config.json)');
  const note = page.getByTestId('workload-config-note');
  assert.match(await note.textContent(), /^Read: 61 layers, hidden size 7,168, 128 attention heads/);
  assert.match(await note.textContent(), /Not read \(the sizing ignores them\): moe_layer_freq, n_group, num_nextn_predict_layers, rope_scaling, topk_group\.$/);
  // The recommendation is for the pasted model: its summary, memory and assumption.
  const panel = page.getByTestId('recommendation');
  await page.waitForFunction(() => /pasted config\.json \(6\d\d(\.\d)?B parameters\)/.test(document.querySelector('[data-testid=reco-workload]')?.textContent ?? ''));
  await panel.getByTestId('reco-assumptions').evaluate((e) => { e.open = true; });
  assert.match(await panel.getByTestId('reco-assumptions').innerText(), /Model from a pasted config\.json, sized as a library model of the same config: 61 layers/);
  const pastedMemory = await panel.getByTestId('reco-memory-total').textContent();

  // The same page as choosing DeepSeek-R1 from the library: the same memory.
  const library = await app.open('?preset=custom&task=serve&prec=fp8&cur=USD&lang=en&model=deepseek-r1', ready);
  assert.equal(await library.page.getByTestId('reco-memory-total').textContent(), pastedMemory);
  await library.context.close();

  // The link reopens the pasted model; the note says it came from the link.
  await linkSettled(page);
  await page.reload();
  await page.getByTestId('recommendation').waitFor();
  assert.equal(params(page).get('cfg'), CFG);
  assert.match(await page.getByTestId('workload-config-note').textContent(), /^From the link: a pasted config\.json with 61 layers/);
  assert.equal(await page.getByTestId('reco-memory-total').textContent(), pastedMemory);
  assert.deepEqual(errors.filter((e) => !e.includes('favicon')), []);
  await context.close();
});

test('a paste that is not a config is named in the note, in Chinese too, and the link is unchanged', async () => {
  const { page, context } = await app.open('?preset=custom&task=serve&cur=USD&lang=en', ready);
  await linkSettled(page);
  const before = page.url();
  const box = page.getByTestId('workload-config');
  const note = page.getByTestId('workload-config-note');
  await box.fill('{"num_hidden_layers": 32, ');
  await page.waitForFunction(() => /^Not JSON \(line 1, column \d+\)\.$/.test(document.querySelector('[data-testid=workload-config-note]').textContent));
  await box.fill('{"num_hidden_layers": -32, "hidden_size": 4096}');
  assert.equal(await note.textContent(), 'num_hidden_layers is not a whole number.');
  await box.fill('{"num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 8192}');
  assert.equal(await note.textContent(), 'The config has no vocab_size, which the sizing needs.');
  await page.getByTestId('lang').selectOption('zh');
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.equal(await note.textContent(), '配置缺少估算所需的 vocab_size。');
  await linkSettled(page);
  assert.ok(!params(page).has('cfg'), page.url());
  assert.equal(params(page).get('model'), new URL(before).searchParams.get('model'));
  await context.close();
});

test('choosing a library model after a paste says the pasted text is no longer in use', async () => {
  const { page, context } = await app.open('?preset=custom&task=serve&prec=fp8&cur=USD&lang=en', ready);
  await page.getByTestId('workload-config').fill(DEEPSEEK_R1);
  await page.waitForFunction((cfg) => new URLSearchParams(location.search).get('cfg') === cfg, CFG);
  await page.getByTestId('workload-model').selectOption('deepseek-r1');
  await page.waitForFunction(() => new URLSearchParams(location.search).get('model') === 'deepseek-r1');
  const note = page.getByTestId('workload-config-note');
  assert.match(await note.textContent(), /^Not in use: the model chosen above is sized\. Edit the text to use it again\. \(Read: 61 layers/);
  assert.ok(!params(page).has('cfg'), page.url());
  // Editing the text uses it again.
  await page.getByTestId('workload-config').fill(DEEPSEEK_R1 + '\n');
  await page.waitForFunction((cfg) => new URLSearchParams(location.search).get('cfg') === cfg, CFG);
  assert.match(await note.textContent(), /^Read: 61 layers/);
  await context.close();
});
