/** Categories: unique names; only empty categories can be deleted. */
import { ApiError } from '../api-error.ts';
import type { Category, Records } from '../store/records.ts';
import { created, existing, type Handler, page } from './handler.ts';

interface NewCategory {
  name: string;
  description?: string;
}

/** Names are compared without regard to case or surrounding spaces: "dogs" is taken by "Dogs". */
function requireFreeName(records: Records, name: string, except?: number): void {
  const wanted = name.trim().toLowerCase();
  const holder = records.categories.all().find((c) => c.id !== except && c.name.trim().toLowerCase() === wanted);
  if (holder) {
    throw new ApiError('category_name_taken', `The category name '${name}' is already used by category ${holder.id}.`);
  }
}

function fromInput(id: number, input: NewCategory): Category {
  return input.description === undefined
    ? { id, name: input.name }
    : { id, name: input.name, description: input.description };
}

export const categoryHandlers: Record<string, Handler> = {
  listCategories: (request, { records }) => page(records.categories.all(), request),

  createCategory: (request, { records }) => {
    const input = request.body as NewCategory;
    requireFreeName(records, input.name);
    const { id: _ignored, ...fields } = fromInput(0, input);
    return created(records.categories.insert(fields), request);
  },

  getCategory: (request, { records }) => ({
    status: 200,
    body: existing(records.categories, request.params.categoryId, 'category'),
  }),

  updateCategory: (request, { records }) => {
    const category = existing(records.categories, request.params.categoryId, 'category');
    const input = request.body as NewCategory;
    requireFreeName(records, input.name, category.id);
    const updated = fromInput(category.id, input);
    records.categories.replace(updated);
    return { status: 200, body: updated };
  },

  deleteCategory: (request, { records }) => {
    const category = existing(records.categories, request.params.categoryId, 'category');
    const members = records.pets.all().filter((p) => p.categoryId === category.id);
    if (members.length > 0) {
      throw new ApiError(
        'category_in_use',
        `Category ${category.id} still has ${members.length} pet${members.length === 1 ? '' : 's'}; move or delete ${members.length === 1 ? 'it' : 'them'} first.`,
      );
    }
    records.categories.delete(category.id);
    return { status: 204 };
  },
};
