import type { FormInstance } from 'antd';

/**
 * Validates antd forms together and answers every message, in order (the start screen shows them joined by
 * ' | '); an empty list when all are valid.
 */
export async function formErrors(...forms: FormInstance[]): Promise<string[]> {
  const messages: string[] = [];
  for (const form of forms) {
    try {
      await form.validateFields();
    } catch (e) {
      const fields = (e as { errorFields?: { errors: string[] }[] }).errorFields ?? [];
      messages.push(...fields.flatMap((f) => f.errors));
    }
  }
  return messages;
}

/** The separator of joined validation messages (spec 1 section 5). */
export const JOIN = ' | ';
