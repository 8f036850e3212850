import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/app.ts';
import { refusal } from '../../testing/http.ts';
import { countRows, createTenant } from '../../testing/db.ts';
import { multipartFile, startFakeS3, type FakeS3 } from '../../testing/fake-s3.ts';

/**
 * Object storage configurations, uploads and downloads, attachments and SMS, as tenant 000000 (admin), a
 * second tenant 100001 (its own admin), and zhangwei of 000000 (no resource permissions).
 */
let t: TestApp;
let a: string;
let b: string;
let plain: string;
let s3: FakeS3;

beforeAll(async () => {
  t = await createTestApp();
  await createTenant(t.database, '100001');
  a = (await t.login()).access_token!;
  b = (await t.login('admin', 'admin', '100001')).access_token!;
  plain = (await t.login('zhangwei', '123456')).access_token!;
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3.close();
  await t.close();
});

const OSS = '/api/blade-resource/oss';
const SMS = '/api/blade-resource/sms';
const ATTACH = '/api/blade-resource/attach';
const upload = (token: string, filename: string, content: Buffer | string, url = `${OSS}/endpoint/put-file-attach`) =>
  t.call(token, { method: 'POST', url, ...multipartFile(filename, content) });
const idOf = async (table: string, where: string, values: unknown[] = []) =>
  String((await t.database.raw(`SELECT id::text AS id FROM ${table} WHERE ${where}`, values))[0]!.id);
const enabled = (table: string, tenant: string) =>
  t.database.raw(`SELECT id::text AS id FROM ${table} WHERE tenant_id = $1 AND status = 2 AND is_deleted = 0`, [tenant]);
const setParam = async (key: string, value: string) => {
  const id = await idOf('blade_param', `tenant_id = '000000' AND param_key = $1 AND is_deleted = 0`, [key]);
  expect((await t.call(a, { method: 'POST', url: '/api/blade-system/param/submit', payload: { id, paramValue: value } })).status).toBe(200);
};

describe('object storage configurations', () => {
  it('lists the seeded configurations; the local disk is the enabled one', async () => {
    const r = await t.call(a, { method: 'GET', url: `${OSS}/list` });
    expect(r.status).toBe(200);
    expect(r.body.data.records.map((o: { ossCode: string; status: number }) => [o.ossCode, o.status]).sort()).toEqual([
      ['local-disk', 2],
      ['minio-archive', 1],
    ]);
    const dict = await t.call(a, { method: 'GET', url: '/api/blade-system/dict/dictionary', query: { code: 'oss' } });
    expect(dict.body.data.map((d: { dictKey: string }) => d.dictKey)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('never returns a secret key; sending the mask back keeps it, a new value replaces it', async () => {
    const body = { category: 2, ossCode: 'minio-test', endpoint: s3.endpoint, accessKey: 'AKMINIO', secretKey: 'minio-secret-1', bucketName: 'hjl-files' };
    expect((await t.call(a, { method: 'POST', url: `${OSS}/submit`, payload: body })).status).toBe(200);
    const id = await idOf('blade_oss', `oss_code = 'minio-test'`);
    const listed = (await t.call(a, { method: 'GET', url: `${OSS}/list`, query: { ossCode: 'minio-test' } })).body.data.records[0];
    expect(listed).toMatchObject({ id, accessKey: 'AKMINIO', secretKey: '******' });
    const detail = (await t.call(a, { method: 'GET', url: `${OSS}/detail`, query: { id } })).body.data;
    expect(detail.secretKey).toBe('******');
    expect(JSON.stringify(detail)).not.toContain('minio-secret-1');

    expect((await t.call(a, { method: 'POST', url: `${OSS}/submit`, payload: { ...detail, remark: '改备注' } })).status).toBe(200);
    let [row] = await t.database.raw(`SELECT secret_key, remark FROM blade_oss WHERE id = $1`, [id]);
    expect(row).toEqual({ secret_key: 'minio-secret-1', remark: '改备注' });
    expect((await t.call(a, { method: 'POST', url: `${OSS}/submit`, payload: { id, secretKey: 'minio-secret-2' } })).status).toBe(200);
    [row] = await t.database.raw(`SELECT secret_key FROM blade_oss WHERE id = $1`, [id]);
    expect(row!.secret_key).toBe('minio-secret-2');
  });

  it('refuses incomplete or unsafe configurations and writes nothing', async () => {
    const before = await countRows(t.database, 'blade_oss');
    const good = { category: 2, ossCode: 'x1', endpoint: 'http://minio.example:9000', accessKey: 'k', secretKey: 's', bucketName: 'bucket-1' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, category: undefined }, '请选择分类'],
      [{ ...good, ossCode: '' }, '请输入资源编号'],
      [{ ...good, ossCode: 'minio-test' }, '资源编号已存在'],
      [{ ...good, endpoint: undefined }, '请输入资源地址'],
      [{ ...good, bucketName: undefined }, '请输入空间名'],
      [{ ...good, secretKey: undefined }, '请输入secretKey'],
      [{ ...good, secretKey: '******' }, '请输入secretKey'],
      [{ ...good, endpoint: 'ftp://minio.example' }, '资源地址应为 http(s)://主机[:端口]'],
      [{ ...good, endpoint: 'http://169.254.169.254' }, '不允许使用该资源地址: 169.254.169.254'],
      [{ ...good, endpoint: 'http://100.100.100.200/' }, '不允许使用该资源地址: 100.100.100.200'],
      [{ ...good, bucketName: 'Bad_Bucket' }, '空间名只能包含小写字母、数字、点和中划线(3-63位)'],
    ];
    for (const [payload, msg] of cases) expect(await t.call(a, { method: 'POST', url: `${OSS}/submit`, payload }), msg).toMatchObject(refusal(msg));
    expect(await countRows(t.database, 'blade_oss')).toBe(before);
    // the local disk needs no endpoint or keys
    expect((await t.call(a, { method: 'POST', url: `${OSS}/submit`, payload: { category: 1, ossCode: 'local-2' } })).status).toBe(200);
  });

  it('enables exactly one configuration per tenant, leaving other tenants alone', async () => {
    const bLocal = await t.call(b, { method: 'POST', url: `${OSS}/submit`, payload: { category: 1, ossCode: 'b-local' } });
    expect(bLocal.status).toBe(200);
    const bId = await idOf('blade_oss', `tenant_id = '100001'`);
    expect((await t.call(b, { method: 'POST', url: `${OSS}/enable`, query: { id: bId } })).status).toBe(200);

    const minio = await idOf('blade_oss', `oss_code = 'minio-test'`);
    expect((await t.call(a, { method: 'POST', url: `${OSS}/enable`, query: { id: minio } })).body).toEqual({
      code: 200,
      success: true,
      data: {},
      msg: '操作成功',
    });
    expect(await enabled('blade_oss', '000000')).toEqual([{ id: minio }]);
    expect(await enabled('blade_oss', '100001')).toEqual([{ id: bId }]);

    // another tenant's id: refused, nothing changes on either side
    expect(await t.call(b, { method: 'POST', url: `${OSS}/enable`, query: { id: minio } })).toMatchObject(refusal('数据不存在或已被删除'));
    expect(await t.call(a, { method: 'POST', url: `${OSS}/enable`, query: { id: bId } })).toMatchObject(refusal('数据不存在或已被删除'));
    expect(await enabled('blade_oss', '000000')).toEqual([{ id: minio }]);
    expect(await enabled('blade_oss', '100001')).toEqual([{ id: bId }]);
    expect(await t.call(a, { method: 'POST', url: `${OSS}/enable`, query: { id: 'abc' } })).toMatchObject(refusal('请求参数类型错误'));
    expect(await t.call(a, { method: 'POST', url: `${OSS}/enable` })).toMatchObject({ status: 400 });

    // an incomplete configuration (seeded without its secret key) is not enabled
    const archive = await idOf('blade_oss', `oss_code = 'minio-archive'`);
    expect(await t.call(a, { method: 'POST', url: `${OSS}/enable`, query: { id: archive } })).toMatchObject(
      refusal('存储配置[minio-archive]不完整,请填写资源地址、空间名、accessKey和secretKey'),
    );
    expect(await enabled('blade_oss', '000000')).toEqual([{ id: minio }]);

    // the database itself refuses a second enabled row
    await expect(t.database.raw(`UPDATE blade_oss SET status = 2 WHERE tenant_id = '000000' AND oss_code = 'local-disk'`)).rejects.toThrow();
  });

  it('another tenant cannot see, change or remove a configuration', async () => {
    const minio = await idOf('blade_oss', `oss_code = 'minio-test'`);
    expect((await t.call(b, { method: 'GET', url: `${OSS}/detail`, query: { id: minio } })).status).toBe(404);
    expect((await t.call(b, { method: 'GET', url: `${OSS}/list` })).body.data.records.map((r: { ossCode: string }) => r.ossCode)).toEqual(['b-local']);
    expect(await t.call(b, { method: 'POST', url: `${OSS}/submit`, payload: { id: minio, remark: 'x' } })).toMatchObject(refusal('数据不存在或已被删除'));
    expect(await t.call(b, { method: 'POST', url: `${OSS}/remove`, query: { ids: minio } })).toMatchObject(refusal('数据不存在或已被删除'));
    expect(await countRows(t.database, 'blade_oss', `id = $1 AND is_deleted = 0`, [minio])).toBe(1);
  });
});

describe('uploads to the enabled S3-compatible store', () => {
  it('put-file stores the bytes in the bucket under the tenant and answers link, domain, name, originalName', async () => {
    s3.seen.length = 0;
    const r = await upload(a, '施工图纸.pdf', '%PDF-1.4 drawing', `${OSS}/endpoint/put-file`);
    expect(r.status).toBe(200);
    const minio = await idOf('blade_oss', `oss_code = 'minio-test'`);
    expect(r.body.data).toMatchObject({ originalName: '施工图纸.pdf', domain: '/api/blade-resource/oss/endpoint/file', attachId: null });
    expect(r.body.data.name).toMatch(new RegExp(`^${minio}/\\d{8}/[0-9a-f]{32}\\.pdf$`));
    expect(r.body.data.link).toBe(`/api/blade-resource/oss/endpoint/file/${r.body.data.name}`);
    const put = s3.seen.find((s) => s.method === 'PUT')!;
    expect(put.url.split('?')[0]).toBe(`/hjl-files/000000/${r.body.data.name.split('/').slice(1).join('/')}`);
    expect(put.body).toBe('%PDF-1.4 drawing');
    expect(put.auth).toContain('Credential=AKMINIO/');

    // read back through the link, with the token in the query as an <img> or new tab would send it
    const back = await t.app.inject({ method: 'GET', url: `${r.body.data.link}?blade-auth=bearer%20${a}` });
    expect(back.statusCode).toBe(200);
    expect(back.body).toBe('%PDF-1.4 drawing');
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.headers['content-security-policy']).toContain('sandbox');
  });

  it('debug writes, reads and deletes a test object; a broken configuration reports its failure', async () => {
    const minio = await idOf('blade_oss', `oss_code = 'minio-test'`);
    s3.seen.length = 0;
    const ok = await t.call(a, { method: 'POST', url: `${OSS}/debug`, query: { id: minio } });
    expect(ok.body).toMatchObject({ code: 200, msg: '调试成功' });
    expect(s3.seen.map((s) => s.method)).toEqual(['PUT', 'GET', 'DELETE']);
    expect(s3.objects.size).toBe(1); // only the upload above is left

    await t.call(a, {
      method: 'POST',
      url: `${OSS}/submit`,
      payload: { category: 2, ossCode: 'broken', endpoint: 'http://127.0.0.1:1', accessKey: 'a', secretKey: 'b', bucketName: 'bkt' },
    });
    const broken = await t.call(a, { method: 'POST', url: `${OSS}/debug`, query: { id: await idOf('blade_oss', `oss_code = 'broken'`) } });
    expect(broken.status).toBe(400);
    expect(broken.body.msg).toMatch(/^调试失败: /);
    expect(await t.call(plain, { method: 'POST', url: `${OSS}/debug`, query: { id: minio } })).toMatchObject({ status: 403, body: { msg: '请求被拒绝' } });
  });
});

describe('uploads to the local disk, attachments', () => {
  let attachId = '';
  let link = '';

  beforeAll(async () => {
    const local = await idOf('blade_oss', `oss_code = 'local-disk'`);
    expect((await t.call(a, { method: 'POST', url: `${OSS}/enable`, query: { id: local } })).status).toBe(200);
  });

  it('put-file-attach writes the file and a blade_attach row', async () => {
    const r = await upload(a, '现场照片.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ originalName: '现场照片.png' });
    expect(r.body.data.name).toMatch(/^local\/\d{8}\/[0-9a-f]{32}\.png$/);
    attachId = r.body.data.attachId;
    link = r.body.data.link;
    const row = (await t.call(a, { method: 'GET', url: `${ATTACH}/detail`, query: { id: attachId } })).body.data;
    expect(row).toMatchObject({
      link,
      domain: '/api/blade-resource/oss/endpoint/file',
      name: r.body.data.name,
      originalName: '现场照片.png',
      extension: 'png',
      attachSize: 7,
      tenantId: '000000',
    });
    const file = await t.call(a, { method: 'GET', url: link });
    expect(file.res.rawPayload).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    expect(file.res.headers['content-type']).toBe('image/png');
    expect(String(file.res.headers['content-disposition'])).toBe(`inline; filename*=UTF-8''${encodeURIComponent('现场照片.png')}`);
  });

  it('lists attachments with filters on originalName and extension', async () => {
    await upload(a, '监理日志.docx', 'docx bytes');
    const all = await t.call(a, { method: 'GET', url: `${ATTACH}/list` });
    expect(all.body.data.total).toBe(2);
    expect(
      (await t.call(a, { method: 'GET', url: `${ATTACH}/list`, query: { originalName: '监理' } })).body.data.records.map(
        (r: { originalName: string }) => r.originalName,
      ),
    ).toEqual(['监理日志.docx']);
    expect((await t.call(a, { method: 'GET', url: `${ATTACH}/list`, query: { extension: 'png' } })).body.data.total).toBe(1);
    expect((await t.call(b, { method: 'GET', url: `${ATTACH}/list` })).body.data.total).toBe(0);
  });

  it('downloads an attachment by id as a file', async () => {
    const r = await t.call(a, { method: 'GET', url: `${ATTACH}/download`, query: { id: attachId } });
    expect(r.status).toBe(200);
    expect(String(r.res.headers['content-disposition'])).toMatch(/^attachment; /);
    expect((await t.call(b, { method: 'GET', url: `${ATTACH}/download`, query: { id: attachId } })).status).toBe(404);
    expect((await t.call(plain, { method: 'GET', url: `${ATTACH}/download`, query: { id: attachId } })).status).toBe(403);
  });

  it('downloads several attachments as one zip, only the caller’s own', async () => {
    const other = (await upload(b, 'B公司.txt', 'B')).body.data.attachId;
    const docx = (await t.call(a, { method: 'GET', url: `${ATTACH}/list`, query: { extension: 'docx' } })).body.data.records[0].id;
    const r = await t.call(a, { method: 'GET', url: `${ATTACH}/download-zip`, query: { ids: `${attachId},${docx},${other}` } });
    expect(r.status).toBe(200);
    expect(r.res.headers['content-type']).toBe('application/zip');
    const zip = r.res.rawPayload;
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const names = zip.toString('utf8');
    expect(names).toContain('现场照片.png');
    expect(names).toContain('监理日志.docx');
    expect(names).not.toContain('B公司.txt');
    expect(zip.readUInt16LE(zip.length - 12)).toBe(2); // entries in the end record
    expect((await t.call(b, { method: 'GET', url: `${ATTACH}/download-zip`, query: { ids: attachId } })).status).toBe(404);
    expect((await t.call(plain, { method: 'GET', url: `${ATTACH}/download-zip`, query: { ids: attachId } })).status).toBe(403);
    expect((await t.call(a, { method: 'GET', url: `${ATTACH}/download-zip`, query: { ids: 'x' } })).status).toBe(400);
  });

  it('file-zip: the files of an attachment widget by their links, for any signed-in user of the tenant', async () => {
    const docx = (await t.call(a, { method: 'GET', url: `${ATTACH}/list`, query: { extension: 'docx' } })).body.data.records[0].link;
    const others = (await upload(b, 'B公司.txt', 'B')).body.data.link;
    const zip = async (token: string, links: string) => t.call(token, { method: 'GET', url: `${OSS}/endpoint/file-zip`, query: { links } });
    const r = await zip(plain, `${link},${docx},${others}`);
    expect(r.status).toBe(200);
    expect(r.res.headers['content-type']).toBe('application/zip');
    const body = r.res.rawPayload;
    expect(body.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    expect(body.toString('utf8')).toContain('现场照片.png');
    expect(body.toString('utf8')).toContain('监理日志.docx');
    // another tenant's link names no file of this tenant
    expect(body.readUInt16LE(body.length - 12)).toBe(2);
    expect((await zip(b, link)).status).toBe(404);
    expect(await zip(a, 'local/20260101/../../etc/passwd')).toMatchObject(refusal('文件链接格式不正确'));
    expect(await zip(a, ',')).toMatchObject(refusal('缺少必要的请求参数: links'));
    expect((await t.call(a, { method: 'GET', url: `${OSS}/endpoint/file-zip` })).body.msg).toBe('缺少必要的请求参数: links');
    expect((await t.call(undefined, { method: 'GET', url: `${OSS}/endpoint/file-zip`, query: { links: link } })).status).toBe(401);
  });

  it('preview-service answers the tenant’s preview.serviceUrl parameter to any signed-in user', async () => {
    expect((await t.call(plain, { method: 'GET', url: `${OSS}/endpoint/preview-service` })).body.data).toEqual({ url: 'http://127.0.0.1:8012/onlinePreview' });
    await setParam('preview.serviceUrl', 'https://preview.example.com/onlinePreview');
    expect((await t.call(plain, { method: 'GET', url: `${OSS}/endpoint/preview-service` })).body.data).toEqual({
      url: 'https://preview.example.com/onlinePreview',
    });
    // another tenant without the parameter has none
    expect((await t.call(b, { method: 'GET', url: `${OSS}/endpoint/preview-service` })).body.data).toEqual({ url: '' });
  });

  it('another tenant cannot read a file by its link, nor a name made up from it', async () => {
    expect((await t.call(b, { method: 'GET', url: link })).status).toBe(404);
    expect((await t.call(b, { method: 'GET', url: `${ATTACH}/detail`, query: { id: attachId } })).status).toBe(404);
    expect((await t.call(undefined, { method: 'GET', url: link })).status).toBe(401);
    for (const bad of ['local/20260101/..%2F..%2Fpasswd', 'local/..%2F..%2F/x', 'local/20260101/abc', '1/2/3']) {
      expect((await t.call(a, { method: 'GET', url: `/api/blade-resource/oss/endpoint/file/${bad}` })).status, bad).toBe(404);
    }
  });

  it('enforces the tenant’s size and type limits with clear messages', async () => {
    const before = await countRows(t.database, 'blade_attach');
    expect(await upload(a, 'setup.exe', 'MZ')).toMatchObject(refusal('不支持的文件类型: exe'));
    expect(await upload(a, 'README', 'x')).toMatchObject(refusal('不支持的文件类型: README'));
    expect(await upload(a, 'empty.txt', '')).toMatchObject(refusal('不能上传空文件'));
    expect(await upload(a, 'big.pdf', Buffer.alloc(10 * 1024 * 1024 + 1))).toMatchObject(refusal('文件大小超过限制(10MB)'));
    await setParam('file.maxSize', '1');
    await setParam('file.allowedTypes', 'pdf, DWG');
    expect(await upload(a, 'plan.pdf', Buffer.alloc(1024 * 1024 + 1))).toMatchObject(refusal('文件大小超过限制(1MB)'));
    expect(await upload(a, 'photo.png', 'x')).toMatchObject(refusal('不支持的文件类型: png'));
    expect((await upload(a, 'CAD.DWG', Buffer.alloc(1024 * 1024))).status).toBe(200);
    expect(await countRows(t.database, 'blade_attach')).toBe(before + 1);
    // another tenant has its own (default) limits
    expect((await upload(b, 'photo.png', 'x')).status).toBe(200);
    await setParam('file.maxSize', '10');
    await setParam('file.allowedTypes', 'jpg,jpeg,png,gif,bmp,webp,pdf,doc,docx,xls,xlsx,ppt,pptx,txt,csv,zip,rar,7z,mp4,dwg');
  });

  it('refuses a request without a file', async () => {
    expect(await t.call(a, { method: 'POST', url: `${OSS}/endpoint/put-file`, payload: { file: 'x' } })).toMatchObject(refusal('请选择要上传的文件'));
    const none = multipartFile('x.txt', 'x');
    const noFile = { ...none, payload: Buffer.from(none.payload.toString().replace(/; filename="x.txt"/, '')) };
    expect(await t.call(a, { method: 'POST', url: `${OSS}/endpoint/put-file`, ...noFile })).toMatchObject(refusal('请选择要上传的文件'));
    expect((await t.call(undefined, { method: 'POST', url: `${OSS}/endpoint/put-file`, ...multipartFile('a.txt', 'x') })).status).toBe(401);
  });

  it('any signed-in user may upload; attachment management needs its codes', async () => {
    expect((await upload(plain, '报销单.pdf', 'pdf')).status).toBe(200);
    expect((await t.call(plain, { method: 'GET', url: `${ATTACH}/list` })).status).toBe(403);
    expect((await t.call(plain, { method: 'POST', url: `${ATTACH}/remove`, query: { ids: attachId } })).status).toBe(403);
  });

  it('remove deletes the row and the stored file; another tenant’s ids are refused', async () => {
    expect(await t.call(b, { method: 'POST', url: `${ATTACH}/remove`, query: { ids: attachId } })).toMatchObject(refusal('数据不存在或已被删除'));
    expect((await t.call(a, { method: 'GET', url: link })).status).toBe(200);
    expect((await t.call(a, { method: 'POST', url: `${ATTACH}/remove`, query: { ids: attachId } })).status).toBe(200);
    expect((await t.call(a, { method: 'GET', url: `${ATTACH}/detail`, query: { id: attachId } })).status).toBe(404);
    expect((await t.call(a, { method: 'GET', url: link })).status).toBe(404);
    expect(await t.call(a, { method: 'POST', url: `${ATTACH}/remove`, query: { ids: attachId } })).toMatchObject(refusal('数据不存在或已被删除'));
  });
});

describe('SMS', () => {
  it('lists masked configurations and enables one per tenant', async () => {
    const r = await t.call(a, {
      method: 'POST',
      url: `${SMS}/submit`,
      payload: { category: 1, smsCode: 'remind', templateId: 'T100', accessKey: 'ak', secretKey: 'sms-secret', signName: '华建咨询' },
    });
    expect(r.status).toBe(200);
    const list = await t.call(a, { method: 'GET', url: `${SMS}/list`, query: { smsCode: 'remind' } });
    expect(list.body.data.records[0]).toMatchObject({ smsCode: 'remind', secretKey: '******', status: 1 });
    expect(JSON.stringify((await t.call(a, { method: 'GET', url: `${SMS}/list` })).body)).not.toContain('sms-secret');
    const id = list.body.data.records[0].id;
    expect((await t.call(a, { method: 'POST', url: `${SMS}/enable`, query: { id } })).status).toBe(200);
    expect(await enabled('blade_sms', '000000')).toEqual([{ id }]);
    expect(await t.call(b, { method: 'POST', url: `${SMS}/enable`, query: { id } })).toMatchObject(refusal('数据不存在或已被删除'));
    expect(await t.call(a, { method: 'POST', url: `${SMS}/submit`, payload: { category: 1, smsCode: 'x' } })).toMatchObject(refusal('请输入模板ID'));
  });

  it('send-message records one message per phone through the default provider', async () => {
    const r = await t.call(a, {
      method: 'POST',
      url: `${SMS}/endpoint/send-message`,
      query: { phones: '13912345678,13812345678', params: JSON.stringify({ code: '8261', name: '王建国' }) },
    });
    expect(r.body).toEqual({ code: 200, success: true, data: { success: true, count: 2 }, msg: '发送成功' });
    const rows = await t.database.raw(`SELECT tenant_id, sms_code, phone, template_id, sign_name, params, status FROM blade_sms_log ORDER BY phone`);
    expect(rows).toEqual([
      {
        tenant_id: '000000',
        sms_code: 'remind',
        phone: '13812345678',
        template_id: 'T100',
        sign_name: '华建咨询',
        params: '{"code":"8261","name":"王建国"}',
        status: 1,
      },
      {
        tenant_id: '000000',
        sms_code: 'remind',
        phone: '13912345678',
        template_id: 'T100',
        sign_name: '华建咨询',
        params: '{"code":"8261","name":"王建国"}',
        status: 1,
      },
    ]);
    // by code, with a JSON body
    const byCode = await t.call(a, {
      method: 'POST',
      url: `${SMS}/endpoint/send-message`,
      payload: { code: 'notice-log', phones: ['15900001111'], params: { n: 3 } },
    });
    expect(byCode.status).toBe(200);
    expect(await countRows(t.database, 'blade_sms_log', `sms_code = 'notice-log' AND params = '{"n":"3"}'`)).toBe(1);
  });

  it('refuses bad input and sends nothing', async () => {
    const before = await countRows(t.database, 'blade_sms_log');
    const send = (query: Record<string, string>) => t.call(a, { method: 'POST', url: `${SMS}/endpoint/send-message`, query });
    expect(await send({})).toMatchObject(refusal('请输入手机号'));
    expect(await send({ phones: ' , ' })).toMatchObject(refusal('请输入手机号'));
    expect(await send({ phones: '1391234567' })).toMatchObject(refusal('手机号格式不正确: 1391234567'));
    expect(await send({ phones: Array.from({ length: 101 }, (_, i) => `139${String(i).padStart(8, '0')}`).join(',') })).toMatchObject(
      refusal('一次最多发送100个手机号'),
    );
    expect(await send({ phones: '13912345678', params: '{bad' })).toMatchObject(refusal('短信参数格式不正确,应为JSON对象,例如 {"code":"1234"}'));
    expect(await send({ phones: '13912345678', params: '[1]' })).toMatchObject(refusal('短信参数格式不正确,应为JSON对象,例如 {"code":"1234"}'));
    expect(await send({ phones: '13912345678', code: 'nope' })).toMatchObject(refusal('短信配置[nope]不存在'));
    expect(await send({ phones: '13912345678', code: 'aliyun-verify' })).toMatchObject(refusal('该短信服务商尚未接入,请使用"日志记录"分类'));
    expect(await t.call(b, { method: 'POST', url: `${SMS}/endpoint/send-message`, query: { phones: '13912345678' } })).toMatchObject(
      refusal('没有启用的短信配置,请先启用一个'),
    );
    expect(await t.call(b, { method: 'POST', url: `${SMS}/endpoint/send-message`, query: { phones: '13912345678', code: 'remind' } })).toMatchObject(
      refusal('短信配置[remind]不存在'),
    );
    expect(await countRows(t.database, 'blade_sms_log')).toBe(before);
  });

  it('needs its permission codes', async () => {
    for (const [method, url] of [
      ['GET', `${SMS}/list`],
      ['POST', `${SMS}/enable?id=1`],
      ['POST', `${SMS}/endpoint/send-message?phones=13912345678`],
      ['POST', `${SMS}/submit`],
      ['GET', `${OSS}/list`],
      ['POST', `${OSS}/enable?id=1`],
    ] as const) {
      expect(await t.call(plain, { method, url, payload: method === 'POST' ? {} : undefined }), url).toMatchObject({
        status: 403,
        body: { msg: '请求被拒绝' },
      });
    }
  });
});
