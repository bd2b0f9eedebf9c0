/** The image form control: upload (checked for type and size before sending), paste a URL, thumbnail. */
import { MEDIA_MAX_BYTES } from '@haoka/contract';
import { REASONS } from '@haoka/contract/reasons';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { createQueryClient, Providers } from '../app/providers';
import { Fail, mockApi } from '../test/render-console';
import { base64Of, ImageField } from './image-field';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5]);
const URL_OF = `/media/${'a'.repeat(64)}.png`;

function Harness({ onValues, initial }: { onValues: (url: string) => void; initial?: string }) {
  const [form] = Form.useForm<{ logo: string }>();
  return (
    <Form form={form} initialValues={{ logo: initial }} onValuesChange={(_, all) => onValues(all.logo)}>
      <Form.Item name="logo" label="Logo">
        <ImageField />
      </Form.Item>
    </Form>
  );
}

function renderField(initial?: string) {
  const seen: string[] = [];
  const view = render(
    <Providers client={createQueryClient()}>
      <Harness initial={initial} onValues={(url) => seen.push(url)} />
    </Providers>,
  );
  return { seen, ...view };
}

const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;

describe('ImageField', () => {
  it('uploads a chosen image as base64 and sets the answered URL, shown as a thumbnail', async () => {
    const api = mockApi({
      '/api/admin/media/upload': () => ({ url: URL_OF, mime: 'image/png', bytes: PNG.length }),
    });
    const { seen, container } = renderField();
    expect(screen.getByText('无图片')).toBeTruthy();
    fireEvent.change(fileInput(container), {
      target: { files: [new File([PNG], 'banner.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(seen.at(-1)).toBe(URL_OF));
    expect(api.callsTo('/api/admin/media/upload')[0]?.body).toEqual({
      fileName: 'banner.png',
      contentBase64: Buffer.from(PNG).toString('base64'),
    });
    expect(screen.getByRole('img', { name: '图片预览' }).getAttribute('src')).toBe(URL_OF);
    expect((screen.getByLabelText('Logo') as HTMLInputElement).value).toBe(URL_OF);
  });

  it('refuses in the browser a file over the limit or not an image by its bytes, sending nothing', async () => {
    const api = mockApi({});
    const { seen, container } = renderField();
    const big = new File([new Uint8Array(MEDIA_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' });
    fireEvent.change(fileInput(container), { target: { files: [big] } });
    expect(await screen.findByText(REASONS.imageTooLarge.zh.replace('{{maxKb}}', '1024'))).toBeTruthy();

    const text = new File(['just some text'], 'notes.png', { type: 'image/png' });
    fireEvent.change(fileInput(container), { target: { files: [text] } });
    expect(await screen.findByText(REASONS.imageType.zh)).toBeTruthy();
    expect(api.callsTo('/api/admin/media/upload')).toHaveLength(0);
    expect(seen).toEqual([]);
  });

  it("shows the server's refusal in the console's language", async () => {
    mockApi({ '/api/admin/media/upload': () => new Fail(200, 'imageType') });
    const { container, seen } = renderField();
    fireEvent.change(fileInput(container), { target: { files: [new File([PNG], 'a.png')] } });
    expect(await screen.findByText(REASONS.imageType.zh)).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it('takes a pasted URL instead, and shows the current value', async () => {
    mockApi({});
    const { seen } = renderField('https://cdn.example.com/old.jpg');
    expect(screen.getByRole('img', { name: '图片预览' }).getAttribute('src')).toBe('https://cdn.example.com/old.jpg');
    fireEvent.change(screen.getByLabelText('Logo'), { target: { value: ' https://cdn.example.com/new.webp ' } });
    expect(seen.at(-1)).toBe('https://cdn.example.com/new.webp');
    fireEvent.click(screen.getByRole('button', { name: '移除图片' }));
    expect(seen.at(-1)).toBe('');
    expect(screen.getByText('无图片')).toBeTruthy();
  });

  it('encodes a megabyte to base64 without overflowing the stack', () => {
    const bytes = new Uint8Array(MEDIA_MAX_BYTES).map((_, i) => i % 251);
    expect(base64Of(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });
});
