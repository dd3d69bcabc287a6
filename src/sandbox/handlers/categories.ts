/** Categories: unique names; only empty categories can be deleted. */
import { ApiError } from '../api-error.ts';
import type { Category, Store } from '../store.ts';
import { created, type Handler, page } from './handler.ts';

interface NewCategory {
  name: string;
  description?: string;
}

function findCategory(store: Store, id: unknown): Category {
  const category = store.categories.get(Number(id));
  if (!category) throw new ApiError('not_found', `No category with id ${String(id)}.`);
  return category;
}

/** Names are compared without regard to case or surrounding spaces: "dogs" is taken by "Dogs". */
function requireFreeName(store: Store, name: string, except?: number): void {
  const wanted = name.trim().toLowerCase();
  const holder = store.categories.all().find((c) => c.id !== except && c.name.trim().toLowerCase() === wanted);
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
  listCategories: (request, { store }) => page(store.categories.all(), request),

  createCategory: (request, { store }) => {
    const input = request.body as NewCategory;
    requireFreeName(store, input.name);
    const { id: _ignored, ...fields } = fromInput(0, input);
    return created(store.categories.insert(fields), request);
  },

  getCategory: (request, { store }) => ({ status: 200, body: findCategory(store, request.params.categoryId) }),

  updateCategory: (request, { store }) => {
    const category = findCategory(store, request.params.categoryId);
    const input = request.body as NewCategory;
    requireFreeName(store, input.name, category.id);
    const updated = fromInput(category.id, input);
    store.categories.replace(updated);
    return { status: 200, body: updated };
  },

  deleteCategory: (request, { store }) => {
    const category = findCategory(store, request.params.categoryId);
    const members = store.pets.all().filter((p) => p.categoryId === category.id);
    if (members.length > 0) {
      throw new ApiError(
        'category_in_use',
        `Category ${category.id} still has ${members.length} pet${members.length === 1 ? '' : 's'}; move or delete ${members.length === 1 ? 'it' : 'them'} first.`,
      );
    }
    store.categories.delete(category.id);
    return { status: 204 };
  },
};
