/**
 * Calls and query hooks of the catalogue administration screens (SPEC §7 Models, Parameters,
 * Collections). Shapes are the contract's (packages/contract/src/catalog-admin.ts, collections.ts).
 */
import type {
  ActualizaImagenParametroResponse,
  AdminModelDetail,
  AdminModelListResponse,
  ColeccionDetail,
  ColeccionImage,
  ColeccionListResponse,
  ColeccionUpdateRequest,
  DeleteImageResponse,
  ModelBase,
  ModelGroupsResponse,
  ModelImageRow,
  ParametroRow,
  ParametrosGruposColeccionResponse,
  ParametroWriteBody,
  ParamGroupDetail,
  ParamGroupListResponse,
  SectionModelsResponse,
} from '@nido/contract';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { getToken } from '../../lib/session.ts';

type Infer<T> = T extends z.ZodType ? z.infer<T> : T;

export type AdminModelDetailT = Infer<typeof AdminModelDetail>;
export type AdminModelListT = Infer<typeof AdminModelListResponse>;
export type ColeccionDetailT = Infer<typeof ColeccionDetail>;
export type ColeccionImageT = Infer<typeof ColeccionImage>;
export type ColeccionListT = Infer<typeof ColeccionListResponse>;
export type ModelGroupsT = Infer<typeof ModelGroupsResponse>;
export type ModelImageRowT = Infer<typeof ModelImageRow>;
export type ParametroRowT = Infer<typeof ParametroRow>;
export type ParamGroupDetailT = Infer<typeof ParamGroupDetail>;
export type ParamGroupListT = Infer<typeof ParamGroupListResponse>;
export type GruposColeccionT = Infer<typeof ParametrosGruposColeccionResponse>;
export type SectionModelsT = Infer<typeof SectionModelsResponse>;
export type ModelBaseT = Infer<typeof ModelBase>;

export const keys = {
  all: ['catalogAdmin'] as const,
  collections: (search: string, page: number) => ['catalogAdmin', 'collections', search, page] as const,
  collection: (id: number) => ['catalogAdmin', 'collection', id] as const,
  models: (coleccion: number | null, search: string, page: number) =>
    ['catalogAdmin', 'models', coleccion, search, page] as const,
  withoutCollection: (search: string, page: number) =>
    ['catalogAdmin', 'sincoleccion', search, page] as const,
  model: (modelo: string) => ['catalogAdmin', 'model', modelo] as const,
  groups: (search: string, page: number) => ['catalogAdmin', 'groups', search, page] as const,
  allGroups: ['catalogAdmin', 'groups', 'all'] as const,
  group: (id: number) => ['catalogAdmin', 'group', id] as const,
  sectionModels: ['catalogAdmin', 'sectionModels'] as const,
  collectionGroups: (id: number) => ['catalogAdmin', 'collectionGroups', id] as const,
  modelSearch: (search: string) => ['catalogAdmin', 'modelSearch', search] as const,
};

// ── Collections ──────────────────────────────────────────────────────────────────────────────

export function useCollections(search: string, page: number) {
  return useQuery({
    queryKey: keys.collections(search, page),
    queryFn: ({ signal }) =>
      api.post<ColeccionListT>('colecciones/list', { filters: { search: search || null, page } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCollection(id: number) {
  return useQuery({
    queryKey: keys.collection(id),
    queryFn: ({ signal }) => api.get<ColeccionDetailT>(`colecciones/${id}/1`, undefined, { signal }),
    enabled: id > 0,
  });
}

export const collectionApi = {
  setActive: (id: number, activado: boolean) =>
    api.post<{ id: number; activado: boolean }>('coleccion/setActive', { id, activado }),
  setSoloRepresentantes: (id: number, solorepresentantes: boolean) =>
    api.post<{ id: number; solorepresentantes: boolean }>('coleccion/setSoloRepresentantes', {
      id,
      solorepresentantes,
    }),
  update: (collection: ColeccionUpdateRequest['collection']) =>
    api.put<{ coleccion: ColeccionDetailT }>('colecciones/update', { collection }),
  uploadImage: (coleccionId: number, file: File, onProgress: (percent: number) => void) => {
    const form = new FormData();
    form.append('body', JSON.stringify({ colecciones_id: coleccionId }));
    form.append('file', file);
    return api.upload<ColeccionImageT>('coleccion/uploadImage', form, onProgress);
  },
  deleteImage: (id: number, colecciones_id: number) =>
    api.del<{ ok: boolean; initial_id: number | null }>('coleccion/deleteImage', { id, colecciones_id }),
  setImgPrincipal: (id: number) =>
    api.post<{ colecciones_id: number; imagenes: ColeccionImageT[] }>('coleccion/setImgPrincipal', { id }),
};

/** POST coleccion/downloadImages answers a zip: fetched as a blob and saved through a link. */
export async function downloadCollectionImages(id: number, fileName: string): Promise<void> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Accept-Language': currentLanguage(),
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch('/api/coleccion/downloadImages', {
    method: 'POST',
    headers,
    body: JSON.stringify({ id }),
  });
  if (!response.ok) {
    let message = String(response.status);
    try {
      const body = (await response.json()) as { message?: string };
      if (body?.message) message = body.message;
    } catch {
      // not JSON: keep the status
    }
    throw new Error(message);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ── Models ───────────────────────────────────────────────────────────────────────────────────

export function useAdminModels(coleccion: number | null, search: string, page: number) {
  return useQuery({
    queryKey: keys.models(coleccion, search, page),
    queryFn: ({ signal }) =>
      api.get<AdminModelListT>(
        'modelo-admin/list',
        { coleccion, search: search || undefined, page },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useModelsWithoutCollection(search: string, page: number) {
  return useQuery({
    queryKey: keys.withoutCollection(search, page),
    queryFn: ({ signal }) =>
      api.get<AdminModelListT>('modelo/sincoleccion', { search: search || undefined, page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Models by code or description, for pickers (admin list: inactive ones too). */
export function useModelSearch(search: string) {
  return useQuery({
    queryKey: keys.modelSearch(search),
    queryFn: ({ signal }) =>
      api.get<AdminModelListT>('modelo-admin/list', { search: search || undefined, page: 1 }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useAdminModel(modelo: string) {
  return useQuery({
    queryKey: keys.model(modelo),
    queryFn: ({ signal }) =>
      api.get<AdminModelDetailT>(`modelo-admin/${encodeURIComponent(modelo)}`, undefined, { signal }),
    enabled: modelo.length > 0,
  });
}

export function useSectionModels() {
  return useQuery({
    queryKey: keys.sectionModels,
    queryFn: ({ signal }) => api.get<SectionModelsT>('modelo/sections', undefined, { signal }),
    staleTime: 60_000,
  });
}

export interface ModelUpdateInput {
  modelo: string;
  descripcion: string;
  descripcion_en: string;
  pvp: number | string;
  personalizado: number;
  modelobordado: string;
  familia: number;
}

export const modelApi = {
  update: (input: ModelUpdateInput) => api.post<AdminModelDetailT>('modelo/update', input),
  setBaja: (modelo: string, baja: boolean) =>
    api.post<{ modelo: string; baja: boolean }>('modelo/modeloBaja', { modelo, baja }),
  uploadImage: (modelo: string, color0: string | null, file: File, onProgress: (percent: number) => void) => {
    const form = new FormData();
    form.append('body', JSON.stringify({ modelo, color0 }));
    form.append('file', file);
    return api.upload<ModelImageRowT>('modelo/uploadImage', form, onProgress);
  },
  tieImageToColour: (id: number, codigo: string | null) =>
    api.post<Infer<typeof ActualizaImagenParametroResponse>>('modelo/actualizaImagenParametro', {
      id,
      codigo,
    }),
  deleteImage: (id: number) => api.del<Infer<typeof DeleteImageResponse>>('modelo/deleteImage', { id }),
  setMainImage: (id: number, modelo: string) =>
    api.post<{ modelo: string; imagenes: ModelImageRowT[] }>('modelo/actualizaImagenPrincipal', {
      id,
      principal: true,
      modelo,
    }),
  setGroupSize: (modelo: string, grupo: number, size: number | string) =>
    api.post<{ parametros_grupos_id: number; size: number }>('modelo/updateModelGroupSize', {
      modelo,
      grupo,
      size,
    }),
  setGroupPositions: (modelo: string, grupos: Array<{ section: number; grupo: number }>) =>
    api.post<ModelGroupsT>('modelo/setPositionGroupsModel', { modelo, grupos }),
  addGroup: (modelo: string, grupo: number, section: number | null) =>
    api.post<unknown>('modelo/updateModelGroupAdd', { modelo, grupo, section: section || null }),
  removeGroup: (modelo: string, grupo: number) =>
    api.post<unknown>('modelo/updateModelGroupDelete', { modelo, grupo }),
  createSection: (name: string, name_en: string) =>
    api.post<{ id: number; name: string; name_en: string }>('modelo/createSection', { name, name_en }),
  copyParams: (desde: string, hasta: string) =>
    api.post<unknown>('modelo/copyParamsCollection', { desde, hasta }),
};

// ── Parameter groups and parameters ──────────────────────────────────────────────────────────

export function useParamGroups(search: string, page: number) {
  return useQuery({
    queryKey: keys.groups(search, page),
    queryFn: ({ signal }) =>
      api.get<ParamGroupListT>('parametrosgrupos', { search: search || undefined, page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAllParamGroups() {
  return useQuery({
    queryKey: keys.allGroups,
    queryFn: ({ signal }) => api.get<ParamGroupListT>('parametrosgrupos', { all: 1 }, { signal }),
    staleTime: 60_000,
  });
}

/** GET parametrosgrupos/{id} of every group of a model (its options, for chips and colour codes). */
export function useParamGroupDetails(groupIds: number[]) {
  return useQueries({
    queries: groupIds.map((id) => ({
      queryKey: keys.group(id),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api.get<ParamGroupDetailT>(`parametrosgrupos/${id}`, undefined, { signal }),
      staleTime: 60_000,
    })),
  });
}

export function useParamGroup(id: number) {
  return useQuery({
    queryKey: keys.group(id),
    queryFn: ({ signal }) => api.get<ParamGroupDetailT>(`parametrosgrupos/${id}`, undefined, { signal }),
    enabled: id > 0,
  });
}

export function useCollectionGroups(id: number) {
  return useQuery({
    queryKey: keys.collectionGroups(id),
    queryFn: ({ signal }) =>
      api.post<GruposColeccionT>('modelo/getParametrosGruposColeccion', { id }, { signal }),
  });
}

export interface GroupWriteInput {
  nombre: string;
  nombre_en: string;
  size: number | string;
  activado: boolean;
}

export const groupApi = {
  create: (input: GroupWriteInput) => api.post<ParamGroupDetailT>('parametrosgrupos', { id: 0, ...input }),
  update: (id: number, input: GroupWriteInput) => api.put<ParamGroupDetailT>(`parametrosgrupos/${id}`, input),
  createSection: (id: number, name: string, name_en: string) =>
    api.post<unknown>(`parametrosgrupos/${id}/sections`, { name, name_en }),
  renameSection: (id: number, sectionId: number, name: string, name_en: string) =>
    api.put<unknown>(`parametrosgrupos/${id}/sections/${sectionId}`, { name, name_en }),
  orderSections: (id: number, sections: number[]) =>
    api.post<unknown>(`parametrosgrupos/${id}/sections/order`, { sections }),
  deleteSection: (sectionId: number, parametros: number[]) =>
    api.post<{ deleted: number[]; section_deleted: boolean }>('parametro/deleteParametroSection', {
      parametros,
      section_id: sectionId,
    }),
};

export const parametroApi = {
  save: (body: ParametroWriteBody) => api.post<ParametroRowT>('parametro/updateNewWithImage', body),
  uploadImage: (body: ParametroWriteBody, file: File, onProgress: (percent: number) => void) => {
    const form = new FormData();
    form.append('body', JSON.stringify(body));
    form.append('file', file);
    return api.upload<ParametroRowT>('parametro/updateNewWithImage', form, onProgress);
  },
  positions: (ids: number[]) =>
    api.post<{ parametros: Array<{ id: number; position: number }> }>('parametro/updatePosition', {
      parametros: ids,
    }),
  remove: (id: number) => api.del<unknown>(`parametros/${id}`),
  moveToSection: (newSectionId: number, ids: number[]) =>
    api.post<{ parametros: ParametroRowT[] }>('parametro/updateParametrosSection', {
      newSectionId,
      parametros: ids,
    }),
};
